/** Sign out on a phone: ends the session named in the address, then says so. */
import { Result } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { logout } from '../../core/auth.ts';
import { PageLoading } from '../Shell.tsx';

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

  if (!done) return <PageLoading />;
  return (
    <section className="tm-panel">
      <Result
        status="success"
        title={<h1 className="tm-result-title">{t('logout.done')}</h1>}
        description={t('logout.hint')}
      />
      <Link className="tm-link-button" to="/login">
        {t('logout.again')}
      </Link>
    </section>
  );
}
