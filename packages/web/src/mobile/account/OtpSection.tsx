/**
 * The account page's OTP: whether one is bound (and since when), the wizard to bind one, and the
 * reset (the password first, encrypted as at login); after a reset the user binds a new one.
 */
import type { OtpStatus } from '@tessera/shared';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOtpStatus, resetOtp } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { timeOf } from '../factors/common.ts';
import { required, rule } from '../forms/rules.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { SecurityItem } from './SecurityItem.tsx';

interface OtpSectionProps {
  /** Opens the binding wizard in place of the account page. */
  onBind: () => void;
  /** Bumped by the page after the wizard, so the status is read again. */
  version: number;
}

function ResetSheet({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [form] = Form.useForm<{ password?: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ password = '' }: { password?: string }) => {
    setBusy(true);
    const res = await resetOtp(password);
    setBusy(false);
    if (!res.ok) return;
    form.resetFields();
    Toast.show({ content: t('mobile.security.otpResetDone') });
    onDone();
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="tm-sheet"
      destroyOnClose
      // In the page, so the sheet takes the tenant's accent colour along.
      getContainer={null}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <h2 className="tm-sheet-title" id={titleId}>
          {t('mobile.security.otpResetTitle')}
        </h2>
        <p className="tm-sheet-text">{t('mobile.security.otpResetHint')}</p>
        <Form
          form={form}
          name="otpReset"
          layout="vertical"
          style={FORM_STYLE}
          onFinish={submit}
          footer={
            <div className="tm-sheet-actions">
              <Button block type="submit" color="danger" size="large" loading={busy}>
                {t('mobile.security.otpResetConfirm')}
              </Button>
              <Button block fill="none" size="large" onClick={onClose}>
                {t('mobile.security.cancel')}
              </Button>
            </div>
          }
        >
          <Form.Item
            style={ITEM_STYLE}
            name="password"
            label={t('mobile.fields.password')}
            rules={[rule(required('mobile.fields.password'))]}
          >
            <Input
              className="tm-input"
              type="password"
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              autoFocus
            />
          </Form.Item>
        </Form>
      </div>
    </Popup>
  );
}

export function OtpSection({ onBind, version }: OtpSectionProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<OtpStatus | null>(null);
  const [reload, setReload] = useState(0);
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchOtpStatus().then((res) => {
      if (live && res.ok) setStatus(res.data);
    });
    return () => {
      live = false;
    };
  }, [version, reload]);

  const bound = !!status?.bound;
  const state = !status
    ? t('app.loading')
    : bound
      ? status.boundAt
        ? t('mobile.security.otpBoundAt', { time: timeOf(status.boundAt, i18n.language) })
        : t('mobile.security.otpBound')
      : t('mobile.security.otpUnbound');

  return (
    <>
      <SecurityItem
        name={t('mobile.security.otp')}
        state={state}
        testId="otp-status"
        action={
          status &&
          (bound ? (
            <Button size="small" fill="outline" onClick={() => setResetting(true)}>
              {t('mobile.security.otpReset')}
            </Button>
          ) : (
            <Button size="small" color="primary" fill="outline" onClick={onBind}>
              {t('mobile.security.otpBind')}
            </Button>
          ))
        }
      />
      <ResetSheet
        open={resetting}
        onClose={() => setResetting(false)}
        onDone={() => {
          setResetting(false);
          setReload((n) => n + 1);
        }}
      />
    </>
  );
}
