/**
 * Mobile registration: by mobile number or email, a code sent to it, username, password twice
 * (the tenant's policy), the tenant's profile fields shown at registration and the agreements.
 * Calls POST /register/sendCode and /register/submit; whatever the server answers is what the
 * user sees (errors as toasts through the request client).
 */
import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchAgreements } from '../../core/afterlogin.ts';
import { useBoot } from '../../core/bootstrap.ts';
import { canEncrypt, loadPublicKey } from '../../core/crypto.ts';
import { type AccountTarget, submitRegister } from '../../core/flows.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { useTenantTexts } from '../boot.ts';
import { MOBILE_BASENAME } from '../routes.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import type { MobileTheme } from '../theme.ts';
import { PolicyLink } from '../ThemedFrame.tsx';
import { CodeInput, useSendCode } from './CodeInput.tsx';
import { ProfileFields, profileValues } from './ProfileFields.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { agreementRule, codeRule, emailRule, mobileRule, usernameRule } from './rules.ts';

type Way = 'mobile' | 'email';

interface RegisterValues {
  mobile?: string;
  email?: string;
  code: string;
  username: string;
  password: string;
  confirmPassword: string;
  profile?: Record<string, string>;
  agree: boolean;
}

/** The theme's agreement pages when it names them, else the portal's own (docs/flows.md). */
export function AgreementText({ theme }: { theme: MobileTheme }) {
  const { t } = useTranslation();
  const userHref = theme.agreementLink || `${MOBILE_BASENAME}/agreement/user`;
  const privacyHref = theme.privacyLink || `${MOBILE_BASENAME}/agreement/privacy`;
  return (
    <span className="tmt-agreement-text">
      {t('mobile.register.agreePrefix')}{' '}
      <PolicyLink href={userHref}>{t('mobile.frame.userAgreement')}</PolicyLink>{' '}
      {t('mobile.register.agreeAnd')}{' '}
      <PolicyLink href={privacyHref}>{t('mobile.frame.privacyPolicy')}</PolicyLink>
    </span>
  );
}

export function RegisterForm({ theme, preview = false }: { theme: MobileTheme; preview?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useTenantTexts();
  const { profileFields } = useBoot().accountPolicy;
  const fields = profileFields.filter((field) => field.onRegister);
  const areaCode = config?.preferredAreaCode || '+86';
  const [way, setWay] = useState<Way>('mobile');
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!preview && canEncrypt()) void loadPublicKey();
  }, [preview]);

  const target = (values: Partial<RegisterValues>): AccountTarget =>
    way === 'mobile'
      ? { type: 'mobile', areaCode, mobile: (values.mobile ?? '').replace(/[\s-]/g, '') }
      : { type: 'email', email: values.email ?? '' };

  const code = useSendCode('/register/sendCode', async () => {
    if (preview) return null;
    try {
      await form.validateFields([way]);
    } catch {
      return null;
    }
    return { ...target(form.getFieldsValue()), purpose: 'REGISTER' };
  });

  const submit = async (values: RegisterValues) => {
    if (preview) return;
    setBusy(true);
    setProblem(null);
    try {
      // The checked box agrees to the versions current now.
      const agreements = await fetchAgreements();
      if (!agreements.ok) {
        setBusy(false);
        return;
      }
      const res = await submitRegister({
        ...target(values),
        code: values.code,
        username: values.username,
        password: values.password,
        agreementIds: agreements.data.map((agreement) => agreement.id),
        profile: profileValues(fields, values.profile),
      });
      if (res.redirected) return;
      if (res.ok) {
        Toast.show({ content: t('mobile.register.done') });
        navigate('/login', { replace: true });
        return;
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  return (
    <>
      <Tabs
        className="tmt-tabs"
        activeKey={way}
        onChange={(key) => setWay(key as Way)}
        aria-label={t('mobile.register.ways')}
      >
        <Tabs.Tab key="mobile" title={t('mobile.register.byMobile')} />
        <Tabs.Tab key="email" title={t('mobile.register.byEmail')} />
      </Tabs>
      {problem && (
        <div className="tmt-problem" role="alert">
          {problem}
        </div>
      )}
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <div className="tmt-submit">
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('mobile.register.submit')}
            </Button>
          </div>
        }
      >
        {way === 'mobile' ? (
          <Form.Item
            key="mobile"
            style={ITEM_STYLE}
            name="mobile"
            label={t('mobile.fields.mobile')}
            rules={[mobileRule(areaCode)]}
          >
            <PhoneInput areaCode={areaCode} />
          </Form.Item>
        ) : (
          <Form.Item
            key="email"
            style={ITEM_STYLE}
            name="email"
            label={t('mobile.fields.email')}
            rules={[emailRule]}
          >
            <Input
              className="tmt-field"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('mobile.placeholders.email')}
              clearable
            />
          </Form.Item>
        )}
        <Form.Item style={ITEM_STYLE} name="code" label={t('mobile.fields.code')} rules={[codeRule]}>
          <CodeInput sending={code.sending} left={code.left} onSend={() => void code.send()} />
        </Form.Item>
        <Form.Item style={ITEM_STYLE} name="username" label={t('fields.username')} rules={[usernameRule]}>
          <Input
            className="tmt-field"
            autoComplete="username"
            placeholder={t('mobile.placeholders.username')}
            clearable
          />
        </Form.Item>
        <PasswordFields kind="account" />
        <ProfileFields fields={fields} />
        <Form.Item style={ITEM_STYLE} name="agree" valuePropName="checked" rules={[agreementRule]}>
          <AgreementCheckbox>
            <AgreementText theme={theme} />
          </AgreementCheckbox>
        </Form.Item>
      </Form>
      <p className="tmt-switch-page">
        {t('mobile.register.haveAccount')} <Link to="/login">{t('mobile.register.toLogin')}</Link>
      </p>
    </>
  );
}

interface AgreementCheckboxProps {
  id?: string;
  checked?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
}

/**
 * A native checkbox in the accent colour: antd-mobile's Checkbox hides its input from assistive
 * technology (display: none), this one stays a real, focusable, named checkbox.
 */
export function AgreementCheckbox({ id, checked, onChange, children }: AgreementCheckboxProps) {
  return (
    <label className="tmt-agreement">
      <input id={id} type="checkbox" checked={!!checked} onChange={onChange} />
      {children}
    </label>
  );
}

interface PhoneInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  areaCode: string;
}

/** The mobile number with the tenant's preferred area code in front. */
export function PhoneInput({ id, value, onChange, areaCode }: PhoneInputProps) {
  const { t } = useTranslation();
  return (
    <div className="tmt-field tmt-phone">
      <span className="tmt-area-code">{areaCode}</span>
      <Input
        id={id}
        value={value}
        onChange={onChange}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        placeholder={t('mobile.placeholders.mobile')}
        clearable
      />
    </div>
  );
}
