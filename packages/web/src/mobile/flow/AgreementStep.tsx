/**
 * SIGN_AGREEMENT: every current version the user has not signed, each readable in its own box.
 * "Agree" signs them one by one and follows the last answer; "Disagree" ends the flow, and the
 * user is signed out.
 */
import type { FlowAnswer } from '@tessera/shared';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cancelAgreement, signAgreement } from '../../core/afterlogin.ts';
import type { ApiResult } from '../../core/api.ts';
import { AgreementDoc } from './AgreementDoc.tsx';
import type { StepProps } from './useFlow.ts';

export function AgreementStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'agree' | 'decline' | null>(null);
  const agreements = view.agreements ?? [];

  const agree = async () => {
    setBusy('agree');
    let res: ApiResult<FlowAnswer | null> | undefined;
    for (const agreement of agreements) {
      res = await signAgreement(agreement.id, view.id);
      if (!res.ok) break;
    }
    if (!res || !follow(res)) setBusy(null);
  };

  const decline = async () => {
    setBusy('decline');
    const res = await cancelAgreement(view.id);
    if (res.redirected) return;
    // Out either way: a flow that is already gone leaves the user signed out too.
    Toast.show({ content: t('mobile.agreements.declined') });
    navigate('/login', { replace: true });
  };

  return (
    <>
      <div className="tmt-docs">
        {agreements.map((agreement) => (
          <AgreementDoc key={agreement.id} agreement={agreement} scroll />
        ))}
      </div>
      <div className="tmt-submit tmt-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy === 'agree'}
          disabled={busy !== null}
          onClick={() => void agree()}
        >
          {t('mobile.agreements.agree')}
        </Button>
        <Button
          block
          fill="outline"
          size="large"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void decline()}
        >
          {t('mobile.agreements.decline')}
        </Button>
      </div>
    </>
  );
}
