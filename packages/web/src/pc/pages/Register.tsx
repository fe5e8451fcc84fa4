/**
 * Registration (/registerflow and /bind, specification section 2) in the tenant's PC_REGISTER
 * theme: mobile or email with a verification code, username, password (section 5 policy) and the
 * agreement. Every step is the server's: its errors are shown by the request client, and only its
 * success moves the user on.
 */
import { Button, Checkbox, Form, Input, message } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchAgreements } from '../../core/afterlogin.ts';
import { useBoot } from '../../core/bootstrap.ts';
import { EncryptionUnavailableError } from '../../core/crypto.ts';
import { type AccountKind, sendRegisterCode, submitRegister } from '../../core/flows.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { checkConfirmPassword, checkPasswordPolicy, fieldRule, validatorRule } from '../../core/rules.ts';
import { AccountFields, type AccountValues, accountTarget } from '../AccountFields.tsx';
import { ProfileFields, type ProfileValues } from '../ProfileFields.tsx';
import { PC_BASENAME } from '../routes.ts';
import { ThemeFrame, inputVariant, useFrame } from '../ThemeFrame.tsx';

interface RegisterValues extends AccountValues, ProfileValues {
  username: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

const FORM_NAME = 'register';

/**
 * "I accept the User agreement and the Privacy policy", each a link opening in a new tab: the
 * theme's own address when it names one, else the portal's agreement page.
 */
function AgreementText() {
  const view = useFrame()?.view;
  const link = (href: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={(e) => e.stopPropagation()} />
  );
  return (
    <Trans
      i18nKey="register.agreement"
      components={{
        ua: link(view?.links.userAgreement ?? `${PC_BASENAME}/agreement/user`),
        pp: link(view?.links.privacyPolicy ?? `${PC_BASENAME}/agreement/privacy`),
      }}
    />
  );
}

/**
 * Registers with the current agreement versions, which the checked box accepts and the server
 * signs with the account. Null when they could not be read (the request client said why).
 */
async function register(kind: AccountKind, values: RegisterValues) {
  const agreements = await fetchAgreements();
  if (!agreements.ok) return null;
  return submitRegister({
    ...accountTarget(kind, values),
    code: values.code ?? '',
    username: values.username,
    password: values.password,
    agreementIds: agreements.data.map((a) => a.id),
    profile: values.profile ?? {},
  });
}

function RegisterForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const frame = useFrame();
  const preview = frame?.preview ?? false;
  const view = frame?.view;
  const [form] = Form.useForm<RegisterValues>();
  const [kind, setKind] = useState<AccountKind>('mobile');
  const [busy, setBusy] = useState(false);
  const profileFields = useBoot().accountPolicy.profileFields.filter((f) => f.onRegister);
  useRevalidateOnLanguage(form);

  const submit = async (values: RegisterValues) => {
    if (preview) return;
    setBusy(true);
    try {
      const res = await register(kind, values);
      if (res?.redirected) return;
      if (res?.ok) {
        void message.success(t('register.done'));
        navigate('/login');
        return;
      }
    } catch (error) {
      if (!(error instanceof EncryptionUnavailableError)) throw error;
      void message.error(error.message);
    }
    setBusy(false);
  };

  const sendCode = async (target: Parameters<typeof sendRegisterCode>[0]) => {
    const res = await sendRegisterCode(target);
    if (res.ok) void message.success(t('account.codeSent'));
    return res.ok;
  };

  return (
    <>
      <h1 className="ts-card-title ts-card-title--tight">{t('register.heading')}</h1>
      <Form<RegisterValues>
        form={form}
        name={FORM_NAME}
        layout="horizontal"
        labelCol={{ flex: i18n.language === 'en' ? '124px' : '76px' }}
        labelAlign="left"
        colon={false}
        onFinish={submit}
        requiredMark={false}
        variant={inputVariant(view?.form.inputBorderStyle ?? 'style1')}
        className="ts-register-form"
      >
        <AccountFields
          form={form}
          idPrefix={FORM_NAME}
          kind={kind}
          onKindChange={setKind}
          onSend={sendCode}
          preview={preview}
          tabLabels={{ mobile: t('account.regByMobile'), email: t('account.regByEmail') }}
        />
        <Form.Item name="username" label={t('fields.username')} rules={[fieldRule('username')]}>
          <Input autoComplete="username" placeholder={t('register.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[validatorRule((value) => checkPasswordPolicy(value))]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('register.passwordPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          rules={[validatorRule((value) => checkConfirmPassword(value, form.getFieldValue('password')))]}
        >
          <Input.Password autoComplete="new-password" placeholder={t('register.confirmPlaceholder')} />
        </Form.Item>
        <ProfileFields fields={profileFields} />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[validatorRule((value) => (value === true ? null : t('rules.agreement')))]}
          className="ts-agreement"
        >
          <Checkbox>
            <AgreementText />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} className="ts-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <p className="ts-card-foot">
        {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
      </p>
    </>
  );
}

export default function Register({ templateKey, preview }: { templateKey?: string; preview?: boolean }) {
  return (
    <ThemeFrame page="PC_REGISTER" templateKey={templateKey} preview={preview} agreementInForm>
      <RegisterForm />
    </ThemeFrame>
  );
}
