/**
 * /mustChangePwd/:userName/:canSkip. With ?flowId=, the CHANGE_PASSWORD step of the post-login
 * flow (docs/flows.md): why (expiring, expired, the directory's password expired), the new
 * password, and a skip while the password only expires soon. Without a flow, the signed-in
 * user's own change (enablePwdUpdate), back to /user when done.
 */
import { type FlowView, flowPagePath } from '@tessera/shared';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { changeFlowPassword, changeOwnPassword, flowIdOf, skipFlowStep } from '../../core/afterlogin.ts';
import { fetchLogin } from '../../core/auth.ts';
import { useTenantTexts } from '../boot.ts';
import { FlowFrame, FlowLost } from '../flow/FlowFrame.tsx';
import { useFlow } from '../flow/useFlow.ts';
import { ChangePasswordForm } from '../forms/ChangePasswordForm.tsx';
import { PageLoading, Shell } from '../Shell.tsx';
import NotOpen from './NotOpen.tsx';

export default function MustChangePwd() {
  const flowId = flowIdOf(useLocation().search);
  return flowId ? <FlowChange flowId={flowId} /> : <OwnChange />;
}

function Reason({ change }: { change: FlowView['changePassword'] }) {
  const { t } = useTranslation();
  const text =
    change?.reason === 'EXPIRING'
      ? t('mobile.changePwd.expiring', { count: change.daysLeft })
      : change?.reason === 'AD_EXPIRED'
        ? t('mobile.changePwd.adExpired')
        : t('mobile.changePwd.expired');
  return (
    <p className={change?.reason === 'EXPIRING' ? 'tmt-notice' : 'tmt-notice tmt-notice-warn'} role="note">
      {text}
    </p>
  );
}

function FlowChange({ flowId }: { flowId: string }) {
  const { t } = useTranslation();
  const { view, follow } = useFlow(flowId);
  const [skipping, setSkipping] = useState(false);
  if (view === undefined) return <PageLoading />;
  if (view === null) return <FlowLost />;
  if (view.step !== 'CHANGE_PASSWORD') return <Navigate to={flowPagePath(view)} replace />;

  const skip = async () => {
    setSkipping(true);
    if (!follow(await skipFlowStep(flowId))) setSkipping(false);
  };
  const skipButton = view.changePassword?.canSkip && (
    <Button block fill="none" size="large" loading={skipping} onClick={() => void skip()}>
      {t('mobile.changePwd.skip')}
    </Button>
  );
  return (
    <FlowFrame
      heading={t('mobile.changePwd.heading')}
      subtitle={t('mobile.changePwd.account', { name: view.userName })}
    >
      <Reason change={view.changePassword} />
      <ChangePasswordForm
        onSubmit={async ({ password }) => follow(await changeFlowPassword(flowId, password))}
        extra={skipButton}
      />
    </FlowFrame>
  );
}

function OwnChange() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loaded, config } = useTenantTexts();
  const [username, setUsername] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void fetchLogin().then((data) => {
      if (!live) return;
      if (data?.user) setUsername(data.user.username);
      else navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!loaded || !username) return <PageLoading />;
  if (!config?.enablePwdUpdate) {
    return (
      <Shell>
        <NotOpen />
      </Shell>
    );
  }
  const submit = async ({ oldPassword = '', password }: { oldPassword?: string; password: string }) => {
    const res = await changeOwnPassword(oldPassword, password);
    if (res.redirected) return true;
    if (!res.ok) return false;
    Toast.show({ icon: 'success', content: t('mobile.changePwd.done') });
    navigate('/user', { replace: true });
    return true;
  };
  return (
    <FlowFrame
      heading={t('mobile.changePwd.heading')}
      subtitle={t('mobile.changePwd.account', { name: username })}
    >
      <ChangePasswordForm
        askOld
        onSubmit={submit}
        extra={
          <Button block fill="none" size="large" onClick={() => navigate('/user')}>
            {t('mobile.changePwd.back')}
          </Button>
        }
      />
    </FlowFrame>
  );
}
