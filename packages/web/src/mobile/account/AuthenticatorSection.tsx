/**
 * The authenticator app on the account page (docs/factors.md): this phone (its device
 * fingerprint) becomes the user's authenticator, replaces another phone, or stops being it.
 */
import { Button, Dialog, Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindAuthenticator, fetchAuthenticatorStatus, unbindAuthenticator } from '../../core/factors.ts';
import { timeOf } from '../factors/common.ts';
import { SecurityItem } from './SecurityItem.tsx';

export interface AuthenticatorStatus {
  bound: boolean;
  thisDevice: boolean;
  boundAt: number | null;
}

/** The status once `signedIn`, null until then, and a way to read it again. */
export function useAuthenticatorStatus(signedIn: boolean): [AuthenticatorStatus | null, () => void] {
  const [status, setStatus] = useState<AuthenticatorStatus | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void fetchAuthenticatorStatus().then((res) => {
      if (live && res.ok) setStatus(res.data);
    });
    return () => {
      live = false;
    };
  }, [signedIn, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return [status, reload];
}

interface AuthenticatorSectionProps {
  status: AuthenticatorStatus | null;
  onChange: () => void;
}

export function AuthenticatorSection({ status, onChange }: AuthenticatorSectionProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const since = status?.boundAt ? timeOf(status.boundAt, i18n.language) : '';

  const ask = (content: string, confirmText: string) =>
    Dialog.confirm({ content, confirmText, cancelText: t('mobile.security.cancel') });

  const bind = async () => {
    if (status?.bound && !(await ask(t('mobile.security.authReplaceAsk'), t('mobile.security.authReplace'))))
      return;
    setBusy(true);
    const res = await bindAuthenticator();
    setBusy(false);
    if (!res.ok) return;
    Toast.show({ content: t('mobile.security.authBound') });
    onChange();
  };

  const unbind = async () => {
    if (!(await ask(t('mobile.security.authUnbindAsk'), t('mobile.security.authUnbind')))) return;
    setBusy(true);
    const res = await unbindAuthenticator();
    setBusy(false);
    if (!res.ok) return;
    Toast.show({ content: t('mobile.security.authUnbound') });
    onChange();
  };

  const state = !status
    ? t('app.loading')
    : status.thisDevice
      ? t('mobile.security.authThis', { time: since })
      : status.bound
        ? t('mobile.security.authOther', { time: since })
        : t('mobile.security.authNone');

  return (
    <SecurityItem
      name={t('mobile.security.authenticator')}
      state={state}
      testId="authenticator-status"
      wide
      action={
        status &&
        (status.thisDevice ? (
          <Button block fill="outline" color="danger" loading={busy} onClick={() => void unbind()}>
            {t('mobile.security.authUnbind')}
          </Button>
        ) : (
          <Button block fill="outline" color="primary" loading={busy} onClick={() => void bind()}>
            {t('mobile.security.authUse')}
          </Button>
        ))
      }
    />
  );
}
