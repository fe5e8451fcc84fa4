/**
 * /agreement/:code: the current version of one of the tenant's agreements (the registration
 * form links here when the theme names no link of its own), in the page language.
 */
import type { AgreementView } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { fetchAgreements } from '../../core/afterlogin.ts';
import { AgreementContent } from '../AgreementContent.tsx';
import { PageLoading } from '../PageLoading.tsx';
import { StatusCard } from '../StatusCard.tsx';

export default function Agreement() {
  const { t, i18n } = useTranslation();
  const { code } = useParams();
  /** undefined while loading, null when the tenant has no such agreement. */
  const [agreement, setAgreement] = useState<AgreementView | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void fetchAgreements().then((res) => {
      if (live) setAgreement(res.ok ? (res.data.find((a) => a.code === code) ?? null) : null);
    });
    return () => {
      live = false;
    };
  }, [code, i18n.language]);

  if (agreement === undefined) return <PageLoading />;
  if (!agreement) {
    return (
      <StatusCard
        status="info"
        title={t('agreementPage.notFound')}
        hint={t('agreementPage.notFoundHint')}
        linkText={t('agreementPage.back')}
        linkTo="/login"
      />
    );
  }
  return (
    <section className="ts-card ts-card--doc">
      <AgreementContent agreement={agreement} boxed={false} />
    </section>
  );
}
