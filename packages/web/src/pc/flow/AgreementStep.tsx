/**
 * SIGN_AGREEMENT: the current versions the user has not signed. Agreeing signs each one and
 * follows the last answer; declining ends the flow and returns to the login page, signed out.
 */
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cancelAgreement, signAgreement } from '../../core/afterlogin.ts';
import { AgreementContent } from '../AgreementContent.tsx';
import type { StepProps } from './steps.ts';

export function AgreementStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'agree' | 'disagree' | null>(null);
  const agreements = view.agreements ?? [];

  const agree = async () => {
    setBusy('agree');
    for (const [i, agreement] of agreements.entries()) {
      const res = await signAgreement(agreement.id, view.id);
      const last = i === agreements.length - 1;
      if (last || !res.ok || res.redirected) {
        if (!follow(res)) setBusy(null);
        return;
      }
    }
  };
  const disagree = async () => {
    setBusy('disagree');
    // Signed out whatever the answer: no session starts before the flow's last step.
    await cancelAgreement(view.id);
    navigate('/login', { replace: true, state: { declined: true } });
  };

  return (
    <section className="ts-card ts-card--doc">
      <h1 className="ts-card-title">{t('agreementStep.heading')}</h1>
      <p className="ts-card-subtitle">{t('agreementStep.hint')}</p>
      {agreements.map((agreement) => (
        <AgreementContent key={agreement.id} agreement={agreement} boxed />
      ))}
      <div className="ts-actions">
        <Button
          size="large"
          disabled={busy !== null}
          loading={busy === 'disagree'}
          onClick={() => void disagree()}
        >
          {t('agreementStep.disagree')}
        </Button>
        <Button
          type="primary"
          size="large"
          disabled={busy !== null || agreements.length === 0}
          loading={busy === 'agree'}
          onClick={() => void agree()}
        >
          {t('agreementStep.agree')}
        </Button>
      </div>
    </section>
  );
}
