/**
 * Mobile code login (docs/verification.md): by a code sent by SMS (or a voice call) to the mobile
 * number with its area code, or by a code sent to the email address. Codes come from
 * POST /code/send (purpose LOGIN); the login posts form-encoded to /login/sms or /login/email and
 * follows the answer's `redirect` (or its flow's step) like the password login. With the tenant's slider on, the
 * slider comes before every code and before a login the server says needs it.
 */
import { type FlowAnswer, isEmail, isMobile } from '@tessera/shared';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { nextPage } from '../../core/afterlogin.ts';
import { type ApiResult, request } from '../../core/api.ts';
import { captchaRequired, sendCode, useCountdown } from '../../core/codes.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { t as translate } from '../../core/i18n.ts';
import { checkField, validatorRule } from '../../core/rules.ts';
import { useTenantTexts } from '../boot.ts';
import { type CodeMethod, type LoginDraft, clearDraft, patchDraft, readDraft } from '../loginDraft.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import { LoginSubmit } from './LoginFields.tsx';
import { CodeInput } from './CodeInput.tsx';

interface CodeValues {
  mobile?: string;
  email?: string;
  code?: string;
}

/** Spaces and dashes people type inside a number. */
const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : '');

function checkMobileNumber(value: unknown, areaCode: string): string | null {
  const required = checkField('mobile', value);
  if (required) return required;
  return isMobile(digitsOf(value), areaCode) ? null : translate('rules.illegalPhone');
}

function checkEmailAddress(value: unknown): string | null {
  const required = checkField('email', value);
  if (required) return required;
  return isEmail(value as string) ? null : translate('rules.illegalEmail');
}

/** Milliseconds from now until `at` (0 when past): outside render, where the clock may be read. */
const untilNow = (at: number | undefined) => Math.max(0, (at ?? 0) - Date.now());

interface PhoneFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  areaCode: string;
  onPickArea: () => void;
}

/** The mobile number with the area code in front; the code is a button to /selectArea. */
export function PhoneField({ id, value, onChange, areaCode, onPickArea }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <div className="tmt-field tmt-phone">
      <button
        type="button"
        className="tmt-area-button"
        aria-label={t('mobile.login.areaCode', { code: areaCode })}
        data-testid="area-code"
        onClick={onPickArea}
      >
        <span>{areaCode}</span>
        <svg
          className="tmt-area-arrow"
          viewBox="0 0 10 6"
          width="10"
          height="6"
          aria-hidden="true"
          focusable="false"
        >
          <path fill="currentColor" d="M0 0h10L5 6z" />
        </svg>
      </button>
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

interface CodeLoginFormProps {
  method: CodeMethod;
  areaCode: string;
  onPickArea: () => void;
  /** Opens the slider; answers its token, or null when it was closed. */
  askSlider: () => Promise<string | null>;
  preview?: boolean;
}

export function CodeLoginForm({ method, areaCode, onPickArea, askSlider, preview }: CodeLoginFormProps) {
  const { t } = useTranslation();
  // What was typed before (another tab, /selectArea, a reload): see loginDraft.ts.
  const [draft] = useState<LoginDraft>(() => (preview ? {} : readDraft()));
  const navigate = useNavigate();
  const { config } = useTenantTexts();
  const sms = method === 'sms';
  const field = sms ? 'mobile' : 'email';
  const [form] = Form.useForm<CodeValues>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  /** AUTH.LOGIN.0010 with registration open: the server's question and a way to register. */
  const [offer, setOffer] = useState<string | null>(null);
  const countdown = useCountdown();
  const { start } = countdown;
  const left = countdown.seconds;
  const canRegister = !!config?.enableRegister;
  useRevalidateOnLanguage(form);

  // Back from /selectArea (or a reload): the countdown goes on where it was.
  const resendAt = sms ? draft.smsResendAt : draft.emailResendAt;
  useEffect(() => {
    const ms = untilNow(resendAt);
    if (ms > 0) start(ms / 1000);
  }, [resendAt, start]);

  const quiet = (codes: string[]) => (canRegister ? [...codes, 'AUTH.LOGIN.0010'] : codes);

  /** The user is told about other failures by the request client (toasts). */
  const afterFailure = (res: ApiResult<unknown>) => {
    if (!res.ok && res.code === 'AUTH.LOGIN.0010' && canRegister) setOffer(res.message);
  };

  const send = async (channel: 'sms' | 'voice' | 'email') => {
    if (preview || sending || left > 0) return;
    setOffer(null);
    try {
      await form.validateFields([field]);
    } catch {
      return;
    }
    const value = String(form.getFieldValue(field) ?? '');
    const body = sms
      ? { purpose: 'LOGIN' as const, channel, recipient: digitsOf(value), areaCode }
      : { purpose: 'LOGIN' as const, channel, recipient: value.trim() };
    let captchaToken: string | undefined;
    if (config?.enableCaptcha) {
      captchaToken = (await askSlider()) ?? undefined;
      if (!captchaToken) return;
    }
    setSending(true);
    let res = await sendCode({ ...body, captchaToken }, { quietCodes: quiet(['CAPTCHA.0001']) });
    if (!res.ok && res.code === 'CAPTCHA.0001') {
      // The server wants the slider (turned on since the page loaded, or the token was spent).
      const token = await askSlider();
      if (token) res = await sendCode({ ...body, captchaToken: token }, { quietCodes: quiet([]) });
    }
    setSending(false);
    if (res.ok) {
      const seconds = res.data?.interval || 60;
      start(seconds);
      if (!preview)
        patchDraft(
          sms ? { smsResendAt: Date.now() + seconds * 1000 } : { emailResendAt: Date.now() + seconds * 1000 },
        );
      Toast.show({
        content: t(channel === 'voice' ? 'mobile.login.voiceSent' : 'mobile.code.sent'),
      });
      return;
    }
    afterFailure(res);
  };

  const submit = async (values: CodeValues) => {
    if (preview) return;
    setBusy(true);
    setOffer(null);
    const mobile = digitsOf(values.mobile);
    const email = (values.email ?? '').trim();
    const code = (values.code ?? '').trim();
    const path = sms ? '/login/sms' : '/login/email';
    const body = sms ? { mobile, areaCode, code } : { email, code };
    let captchaToken: string | undefined;
    if (
      config?.enableCaptcha &&
      (await captchaRequired(sms ? `${areaCode}${mobile}` : email.toLowerCase()))
    ) {
      captchaToken = (await askSlider()) ?? undefined;
      if (!captchaToken) {
        setBusy(false);
        return;
      }
    }
    let res = await request<FlowAnswer>(path, {
      body: { ...body, captchaToken },
      quietCodes: quiet(['CAPTCHA.0001']),
    });
    if (!res.ok && res.code === 'CAPTCHA.0001') {
      const token = await askSlider();
      if (token)
        res = await request<FlowAnswer>(path, {
          body: { ...body, captchaToken: token },
          quietCodes: quiet([]),
        });
    }
    if (res.ok) clearDraft();
    if (res.redirected) return; // the browser is leaving; keep the button busy
    if (res.ok) {
      // A post-login step (no session yet) or the account page.
      navigate(nextPage(res.data) ?? '/user', { replace: true });
      return;
    }
    afterFailure(res);
    setBusy(false);
  };

  const remember = (_changed: CodeValues, all: CodeValues) => {
    if (preview) return;
    patchDraft(sms ? { mobile: all.mobile, smsCode: all.code } : { email: all.email, emailCode: all.code });
  };

  const voiceLink = sms && (
    <p className="tmt-voice">
      <span>{t('mobile.login.noSms')}</span>{' '}
      <a
        href="#voice"
        aria-disabled={left > 0 || sending ? 'true' : undefined}
        data-testid="voice-code"
        onClick={(event) => {
          event.preventDefault();
          void send('voice');
        }}
      >
        {t('mobile.login.voice')}
      </a>
    </p>
  );

  return (
    <>
      {offer && (
        <div className="tmt-offer" role="alert" data-testid="register-offer">
          <span>{offer}</span>
          <Button size="small" color="primary" fill="outline" onClick={() => navigate('/registerflow')}>
            {t('mobile.login.toRegister')}
          </Button>
        </div>
      )}
      <Form
        form={form}
        name={`${method}Login`}
        layout="vertical"
        style={FORM_STYLE}
        initialValues={
          sms ? { mobile: draft.mobile, code: draft.smsCode } : { email: draft.email, code: draft.emailCode }
        }
        onValuesChange={remember}
        onFinish={submit}
        footer={
          <>
            {/* Under the code field and its message, above the button (fixed in bottombar). */}
            {voiceLink}
            <LoginSubmit busy={busy} />
          </>
        }
      >
        {sms ? (
          <Form.Item
            style={ITEM_STYLE}
            name="mobile"
            label={t('fields.mobile')}
            rules={[validatorRule((value) => checkMobileNumber(value, areaCode))]}
          >
            <PhoneField areaCode={areaCode} onPickArea={onPickArea} />
          </Form.Item>
        ) : (
          <Form.Item
            style={ITEM_STYLE}
            name="email"
            label={t('fields.email')}
            rules={[validatorRule(checkEmailAddress)]}
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
        <Form.Item
          style={ITEM_STYLE}
          name="code"
          label={t('fields.code')}
          rules={[validatorRule((value) => checkField('code', value))]}
        >
          <CodeInput
            sending={sending}
            left={left}
            onSend={() => void send(sms ? 'sms' : 'email')}
            sendText={t('mobile.login.getCode')}
          />
        </Form.Item>
      </Form>
    </>
  );
}
