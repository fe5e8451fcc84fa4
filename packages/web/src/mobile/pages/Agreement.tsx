/**
 * /agreement/:code: the current version of one of the tenant's agreements (user, privacy...),
 * in the page language; the register form's links open it when the theme names no page of its own.
 */
import type { AgreementView } from '@tessera/shared';
import { Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fetchAgreements } from '../../core/afterlogin.ts';
import { AgreementDoc } from '../flow/AgreementDoc.tsx';
import { PageLoading } from '../Shell.tsx';

export default function Agreement() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const [loaded, setLoaded] = useState<{ key: string; found: AgreementView | null } | null>(null);
  // The server answers in the request's language: read again after a switch.
  const key = `${code}:${i18n.language}`;

  useEffect(() => {
    let live = true;
    void fetchAgreements().then((res) => {
      if (live) setLoaded({ key, found: (res.ok && res.data.find((a) => a.code === code)) || null });
    });
    return () => {
      live = false;
    };
  }, [code, key]);

  if (loaded?.key !== key) return <PageLoading />;
  if (!loaded.found) {
    return (
      <section className="tm-panel">
        <Result
          status="warning"
          title={<h1 className="tm-result-title">{t('mobile.agreements.notFound')}</h1>}
        />
        <Link className="tm-link-button" to="/login">
          {t('notFound.back')}
        </Link>
      </section>
    );
  }
  return (
    <section className="tm-panel tm-doc-page">
      <AgreementDoc agreement={loaded.found} main />
    </section>
  );
}
