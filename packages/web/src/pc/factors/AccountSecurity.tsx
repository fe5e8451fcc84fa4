/**
 * "Account security" on the account page (docs/factors.md): the OTP authenticator (bind with the
 * wizard, or reset after the password), the FIDO2 keys (managed on /Fido2Bind) and the
 * authenticator phone (bound on the phone itself, in the mobile portal).
 */
import type { OtpStatus } from '@tessera/shared';
import { Button, Descriptions, Form, Input, Modal, Tag, message } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EncryptionUnavailableError } from '../../core/crypto.ts';
import { fetchAuthenticatorStatus, fetchFido2Keys, fetchOtpStatus, resetOtp } from '../../core/factors.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { fieldRule } from '../../core/rules.ts';
import { formatTime } from './otp.ts';
import { OtpBindWizard } from './OtpBindWizard.tsx';

interface Security {
  otp: OtpStatus | null;
  keys: number | null;
  phone: { bound: boolean; boundAt: number | null } | null;
}

function Row({ status, hint, action }: { status: ReactNode; hint?: ReactNode; action?: ReactNode }) {
  return (
    <div className="ts-security-row">
      <div className="ts-security-state">
        {status}
        {hint && <span className="ts-security-hint">{hint}</span>}
      </div>
      {action}
    </div>
  );
}

/** The password that confirms the reset; made anew each time the dialog opens. */
function ResetOtpForm({ onSubmit }: { onSubmit: (password: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  useRevalidateOnLanguage(form);
  return (
    <Form<{ password: string }>
      form={form}
      id="resetOtp"
      name="resetOtp"
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }) => onSubmit(password)}
    >
      <Form.Item name="password" label={t('fields.password')} rules={[fieldRule('password')]}>
        <Input.Password
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          autoFocus
        />
      </Form.Item>
    </Form>
  );
}

function ResetOtpModal({ open, onClose }: { open: boolean; onClose: (reset: boolean) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const submit = async (password: string) => {
    setBusy(true);
    try {
      const res = await resetOtp(password);
      setBusy(false);
      if (!res.ok) return;
      void message.success(t('security.resetDone'));
      onClose(true);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof EncryptionUnavailableError)) throw error;
      void message.error(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('security.resetTitle')}
      okText={t('security.resetConfirm')}
      cancelText={t('fido2.cancel')}
      // The form's own submit: Enter in the field and this button both run its rules first.
      okButtonProps={{ danger: true, loading: busy, htmlType: 'submit', form: 'resetOtp' }}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p className="ts-modal-text">{t('security.resetHint')}</p>
      <ResetOtpForm onSubmit={(password) => void submit(password)} />
    </Modal>
  );
}

export function AccountSecurity() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<Security | null>(null);
  /** Bumped to load again after a change. */
  const [round, setRound] = useState(0);
  const [dialog, setDialog] = useState<'bind' | 'reset' | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([fetchOtpStatus(), fetchFido2Keys(), fetchAuthenticatorStatus()]).then(
      ([otp, keys, phone]) => {
        if (!live) return;
        setState({
          otp: otp.ok ? otp.data : null,
          keys: keys.ok ? keys.data.length : null,
          phone: phone.ok ? phone.data : null,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [round]);

  const reload = () => setRound((n) => n + 1);
  const time = (ms: number | null | undefined) => (ms ? formatTime(ms, i18n.language) : '');
  const bound = (yes: boolean) =>
    yes ? <Tag color="success">{t('security.bound')}</Tag> : <Tag>{t('security.unbound')}</Tag>;

  const otp = state?.otp;
  const items = [
    {
      key: 'otp',
      label: t('security.otp'),
      children: otp && (
        <Row
          status={bound(otp.bound)}
          hint={otp.bound && otp.boundAt ? t('security.boundAt', { time: time(otp.boundAt) }) : undefined}
          action={
            otp.bound ? (
              <Button onClick={() => setDialog('reset')}>{t('security.resetOtp')}</Button>
            ) : (
              <Button type="primary" onClick={() => setDialog('bind')}>
                {t('security.bindOtp')}
              </Button>
            )
          }
        />
      ),
    },
    {
      key: 'fido2',
      label: t('security.fido2'),
      children: state && (
        <Row
          status={
            state.keys ? <Tag color="success">{t('security.keys', { count: state.keys })}</Tag> : bound(false)
          }
          action={
            <Link className="ts-link" to="/Fido2Bind">
              {t('security.manageKeys')}
            </Link>
          }
        />
      ),
    },
    {
      key: 'phone',
      label: t('security.phone'),
      children: state?.phone && (
        <Row
          status={bound(state.phone.bound)}
          hint={
            state.phone.bound
              ? t('security.boundAt', { time: time(state.phone.boundAt) })
              : t('security.phoneHint')
          }
        />
      ),
    },
  ];

  return (
    <section className="ts-security" aria-labelledby="ts-security-title">
      <h2 className="ts-section-title" id="ts-security-title">
        {t('security.heading')}
      </h2>
      <Descriptions column={1} bordered size="middle" className="ts-details ts-security-list" items={items} />
      <Modal
        open={dialog === 'bind'}
        title={t('otpBind.heading')}
        footer={null}
        width={640}
        destroyOnHidden
        onCancel={() => {
          setDialog(null);
          reload();
        }}
      >
        <OtpBindWizard
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      </Modal>
      <ResetOtpModal
        open={dialog === 'reset'}
        onClose={(reset) => {
          setDialog(null);
          if (reset) reload();
        }}
      />
    </section>
  );
}
