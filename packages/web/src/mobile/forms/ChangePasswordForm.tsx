/**
 * A new password, twice, checked against the tenant's password policy (shared checker, tips
 * shown); with `askOld`, the current password first (the signed-in user's own change).
 */
import { Button, Form, Input } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { PasswordFields } from './PasswordFields.tsx';
import { required, rule } from './rules.ts';

export interface ChangePasswordValues {
  oldPassword?: string;
  password: string;
  confirmPassword: string;
}

interface ChangePasswordFormProps {
  askOld?: boolean;
  /** Sends the change; answers true when the page is leaving (the button stays busy). */
  onSubmit: (values: ChangePasswordValues) => Promise<boolean>;
  /** Beside the submit button: the skip of an expiring password, the way back. */
  extra?: ReactNode;
}

export function ChangePasswordForm({ askOld = false, onSubmit, extra }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shownProblem = canEncrypt() ? problem : t('errors.insecureContext');
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (canEncrypt()) void loadPublicKey();
  }, []);

  const submit = async (values: ChangePasswordValues) => {
    setBusy(true);
    setProblem(null);
    try {
      if (await onSubmit(values)) return;
    } catch (error) {
      // Only the encryption can throw (EncryptionUnavailableError); its message is for the page.
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  return (
    <>
      {shownProblem && (
        <div className="tmt-problem" role="alert">
          {shownProblem}
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <div className="tmt-submit tmt-actions">
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('mobile.changePwd.submit')}
            </Button>
            {extra}
          </div>
        }
      >
        {askOld && (
          <Form.Item
            style={ITEM_STYLE}
            name="oldPassword"
            label={t('mobile.changePwd.oldPassword')}
            rules={[rule(required('mobile.changePwd.oldPassword'))]}
          >
            <Input
              className="tmt-field"
              type="password"
              autoComplete="current-password"
              placeholder={t('mobile.changePwd.oldPlaceholder')}
            />
          </Form.Item>
        )}
        <PasswordFields kind="new" withOld={askOld} />
      </Form>
    </>
  );
}
