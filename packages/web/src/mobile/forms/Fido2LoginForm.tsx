/**
 * FIDO2 login (docs/factors.md): a key of the account (name it with the username) or any
 * discoverable key on this device (no username). The browser's problems are said in the words of
 * section 8; the server's (FIDO2.0001 and the like) come as toasts from the request client. A
 * login with a flow goes on to its step. Used as the login page's FIDO2 tab and as /Fido2Login.
 */
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import { fido2Problem, loginWithFido2, supportsFido2 } from '../../core/factors.ts';
import type { Fido2Trouble } from '../factors/common.ts';
import { Fido2Notice } from '../factors/Fido2Notice.tsx';
import { type LoginDraft, clearDraft, patchDraft, readDraft } from '../loginDraft.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';

interface Fido2LoginFormProps {
  preview?: boolean;
  /** Another login method, when the tenant offers one. */
  onChangeMethod?: () => void;
  /** The note on what FIDO2 login is (not when the page's subtitle says it). */
  hint?: boolean;
}

export function Fido2LoginForm({ preview = false, onChangeMethod, hint = true }: Fido2LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft] = useState<LoginDraft>(() => (preview ? {} : readDraft()));
  const [busy, setBusy] = useState(false);
  const [trouble, setTrouble] = useState<Fido2Trouble | null>(null);
  const [form] = Form.useForm<{ username?: string }>();
  // Without WebAuthn nothing can start: say so before the button is pressed.
  const shown = !preview && !supportsFido2() ? 'platform' : trouble;

  const start = async () => {
    if (preview || shown === 'platform') return;
    setBusy(true);
    setTrouble(null);
    try {
      const username = String(form.getFieldValue('username') ?? '').trim();
      const res = await loginWithFido2(username || undefined);
      if (res?.ok) clearDraft();
      if (res?.redirected) return; // the browser is leaving; keep the button busy
      if (res?.ok) {
        navigate(nextPage(res.data) ?? '/user', { replace: true });
        return;
      }
    } catch (error) {
      setTrouble(fido2Problem(error));
    }
    setBusy(false);
  };

  return (
    <>
      {hint && (
        <p className="tmt-notice" role="note">
          {t('mobile.fido2.hint')}
        </p>
      )}
      {shown && (
        <Fido2Notice
          trouble={shown}
          onRetry={() => void start()}
          onDismiss={() => setTrouble(null)}
          onChangeMethod={onChangeMethod}
        />
      )}
      <Form
        form={form}
        name="fido2Login"
        layout="vertical"
        style={FORM_STYLE}
        initialValues={{ username: draft.username }}
        onValuesChange={(_changed, all: { username?: string }) => {
          if (!preview) patchDraft({ username: all.username });
        }}
        onFinish={() => void start()}
        footer={
          <div className="tmt-submit">
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={busy}
              disabled={shown === 'platform'}
            >
              {t('mobile.fido2.submit')}
            </Button>
          </div>
        }
      >
        <Form.Item
          style={ITEM_STYLE}
          name="username"
          label={t('mobile.fido2.username')}
          description={t('mobile.fido2.usernameHint')}
        >
          <Input
            className="tmt-field"
            autoComplete="username webauthn"
            placeholder={t('login.usernamePlaceholder')}
            clearable
          />
        </Form.Item>
      </Form>
    </>
  );
}
