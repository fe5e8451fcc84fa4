/** Sign out (specification section 2): ends the session named in the address, then says so. */
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { logout } from '../../core/auth.ts';
import { StatusCard } from '../StatusCard.tsx';

export default function Logout() {
  const { t } = useTranslation();
  const { Id = '' } = useParams();
  const [done, setDone] = useState(false);
  // StrictMode runs effects twice in development; one sign-out call is enough.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === Id) return;
    sent.current = Id;
    // Signed out either way: a session that is already gone is the wanted end state.
    void logout(Id).then(() => setDone(true));
  }, [Id]);

  if (!done) {
    return (
      <div className="ts-loading" role="status">
        <Spin size="large" description={t('logout.pending')} />
      </div>
    );
  }
  return (
    <StatusCard
      status="success"
      title={t('logout.done')}
      hint={t('logout.hint')}
      linkText={t('logout.again')}
      linkTo="/login"
    />
  );
}
