/**
 * The fields of the SMS and email code logins: the area code and mobile number (or the email
 * address), and the code with its "get code" button; SMS also offers the code by voice call.
 * With the tenant's enableCaptcha on, the slider comes first; the countdown only starts after
 * the server said it sent a code (its `interval`).
 */
import type { CodeChannel } from '@tessera/shared';
import { Button, Form, type FormInstance, Input, type InputRef, message } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Countdown, type SendCodeBody, sendCode } from '../core/codes.ts';
import { checkEmail, validatorRule } from '../core/rules.ts';
import { CodeField } from './CodeField.tsx';
import { MobileField } from './MobileField.tsx';
import type { SliderGate } from './SliderModal.tsx';

export interface CodeLoginValues {
  areaCode?: string;
  mobile?: string;
  email?: string;
  code?: string;
}

interface Props {
  kind: 'sms' | 'email';
  form: FormInstance<CodeLoginValues>;
  /** The form's name: the prefix of its input ids, so labels point at their inputs. */
  idPrefix: string;
  gate: SliderGate;
  /** The tenant asks for the slider before every code request. */
  captchaOn: boolean;
  preview: boolean;
  /** The class of each field (the long band lays them out in a row). */
  fieldClass?: string;
  /** Whether the server just offered registration for this phone or address (AUTH.LOGIN.0010). */
  onUnregistered: (offered: boolean) => void;
  /** The resend countdown, kept by the page so that it survives switching tabs. */
  countdown: Countdown;
}

const SENT_TEXT: Record<CodeChannel, string> = {
  sms: 'codeLogin.smsSent',
  voice: 'codeLogin.voiceSent',
  email: 'codeLogin.emailSent',
};

export function CodeLoginFields({
  kind,
  form,
  idPrefix,
  gate,
  captchaOn,
  preview,
  fieldClass,
  onUnregistered,
  countdown,
}: Props) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<CodeChannel | null>(null);
  const codeInput = useRef<InputRef>(null);
  const waiting = countdown.seconds > 0;

  const send = async (channel: CodeChannel) => {
    if (preview || sending || waiting) return;
    try {
      await form.validateFields(kind === 'sms' ? ['areaCode', 'mobile'] : ['email']);
    } catch {
      return; // the field shows why
    }
    const values = form.getFieldsValue();
    const body: SendCodeBody =
      kind === 'sms'
        ? { purpose: 'LOGIN', channel, recipient: (values.mobile ?? '').trim(), areaCode: values.areaCode }
        : { purpose: 'LOGIN', channel, recipient: (values.email ?? '').trim() };
    setSending(channel);
    let token: string | undefined;
    if (captchaOn) {
      token = (await gate.ask()) ?? undefined;
      if (!token) {
        setSending(null);
        return;
      }
    }
    let res = await sendCode({ ...body, captchaToken: token });
    // The tenant turned the slider on since this page loaded: solve it, then ask again.
    if (res.code === 'CAPTCHA.0001') {
      const again = await gate.ask();
      if (again) res = await sendCode({ ...body, captchaToken: again });
    }
    setSending(null);
    onUnregistered(res.code === 'AUTH.LOGIN.0010');
    if (!res.ok) return;
    countdown.start(res.data?.interval);
    void message.success(t(SENT_TEXT[channel]));
    codeInput.current?.focus();
  };

  const recipientField =
    kind === 'sms' ? (
      <MobileField idPrefix={idPrefix} autoFocus={!preview} className={fieldClass} />
    ) : (
      <Form.Item
        name="email"
        label={t('fields.email')}
        rules={[validatorRule(checkEmail)]}
        className={fieldClass}
      >
        <Input
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          placeholder={t('account.emailPlaceholder')}
          autoFocus={!preview}
        />
      </Form.Item>
    );

  const voice = kind === 'sms' && (
    <Button
      type="link"
      size="small"
      className="ts-voice-code"
      onClick={() => void send('voice')}
      disabled={waiting || sending !== null}
      loading={sending === 'voice'}
    >
      {t('codeLogin.voice')}
    </Button>
  );

  return (
    <>
      {recipientField}
      <div className={fieldClass}>
        <CodeField
          idPrefix={idPrefix}
          seconds={countdown.seconds}
          sending={sending === 'sms' || sending === 'email'}
          blocked={sending === 'voice'}
          onSend={() => void send(kind === 'sms' ? 'sms' : 'email')}
          className={voice ? 'ts-code-item ts-code-item--voice' : 'ts-code-item'}
          inputRef={codeInput}
        />
        {voice && <div className="ts-voice-row">{voice}</div>}
      </div>
    </>
  );
}
