/**
 * /mustChangePwd/:userName/:canSkip (docs/flows.md). With `?flowId=` it is the CHANGE_PASSWORD step
 * of a login (no session yet): the reason says why, the answer names the next step. Without a flow
 * it is the signed-in user's own change (enablePwdUpdate), back to the account page afterwards.
 */
import type { FlowAnswer, FlowView, SessionUser } from '@tessera/shared';
import { Alert, Button, message } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { changeFlowPassword, changeOwnPassword, flowIdOf, skipFlowStep } from '../../core/afterlogin.ts';
import type { ApiResult } from '../../core/api.ts';
import { fetchLogin } from '../../core/auth.ts';
import { EncryptionUnavailableError } from '../../core/crypto.ts';
import { FlowLost } from '../flow/FlowLost.tsx';
import { useFlow } from '../flow/useFlow.ts';
import { PageLoading } from '../PageLoading.tsx';
import { PasswordChangeForm, type PasswordChangeValues } from '../PasswordChangeForm.tsx';

/** Runs a call that encrypts passwords; a browser that cannot encrypt is told why. */
async function encrypted<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof EncryptionUnavailableError)) throw error;
    void message.error(error.message);
    return null;
  }
}

function Card({ userName, notice, children }: { userName: string; notice: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="ts-card">
      <h1 className="ts-card-title">{t('pwdChange.heading')}</h1>
      <p className="ts-card-subtitle">{t('pwdChange.account', { userName })}</p>
      {notice}
      {children}
    </section>
  );
}

/** Why the password must (or should) change. */
function ReasonNotice({ change }: { change: NonNullable<FlowView['changePassword']> }) {
  const { t } = useTranslation();
  const text =
    change.reason === 'EXPIRED'
      ? t('pwdChange.expired')
      : change.reason === 'AD_EXPIRED'
        ? t('pwdChange.adExpired')
        : change.daysLeft > 0
          ? t('pwdChange.expiring', { count: change.daysLeft })
          : t('pwdChange.expiringToday');
  const type = change.reason === 'EXPIRING' ? 'info' : 'warning';
  return <Alert className="ts-alert" type={type} showIcon title={text} />;
}

function FlowPasswordChange({ flowId }: { flowId: string }) {
  const { t } = useTranslation();
  const flow = useFlow(flowId, '/mustChangePwd/');
  const [busy, setBusy] = useState(false);
  if (flow.lost) return <FlowLost />;
  const change = flow.view?.changePassword;
  if (!flow.view || !change) return <PageLoading />;

  const run = async (call: () => Promise<ApiResult<FlowAnswer> | null>) => {
    setBusy(true);
    const res = await call();
    if (!res || !flow.follow(res)) setBusy(false);
  };
  const submit = ({ newPassword }: PasswordChangeValues) =>
    void run(() => encrypted(() => changeFlowPassword(flowId, newPassword)));
  const skip = change.canSkip && (
    <Button
      block
      className="ts-secondary-button"
      disabled={busy}
      onClick={() => void run(() => skipFlowStep(flowId))}
    >
      {t('pwdChange.skip')}
    </Button>
  );
  return (
    <Card userName={flow.view.userName} notice={<ReasonNotice change={change} />}>
      <PasswordChangeForm withOld={false} busy={busy} onSubmit={submit} secondary={skip} />
    </Card>
  );
}

function OwnPasswordChange({ canCancel }: { canCancel: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchLogin().then((data) => {
      if (!live) return;
      if (data?.user) setUser(data.user);
      else navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);

  if (!user) return <PageLoading />;
  const submit = async ({ oldPassword = '', newPassword }: PasswordChangeValues) => {
    setBusy(true);
    const res = await encrypted(() => changeOwnPassword(oldPassword, newPassword));
    if (res?.redirected) return;
    setBusy(false);
    if (!res?.ok) return;
    void message.success(t('pwdChange.done'));
    navigate('/user', { replace: true });
  };
  const cancel = canCancel && (
    <Button block className="ts-secondary-button" disabled={busy} onClick={() => navigate('/user')}>
      {t('pwdChange.cancel')}
    </Button>
  );
  return (
    <Card userName={user.username} notice={<p className="ts-card-subtitle">{t('pwdChange.own')}</p>}>
      <PasswordChangeForm withOld busy={busy} onSubmit={(v) => void submit(v)} secondary={cancel} />
    </Card>
  );
}

export default function MustChangePwd() {
  const flowId = flowIdOf(useLocation().search);
  const { canSkip } = useParams();
  return flowId ? <FlowPasswordChange flowId={flowId} /> : <OwnPasswordChange canCancel={canSkip === '1'} />;
}
