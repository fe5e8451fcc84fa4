/**
 * The verification code of the PC forms with its send button beside it, and the sending that
 * drives it. The button counts down only once the server said it sent a code, so a refused
 * request can be tried again at once.
 */
import { Button, Form, Input, type InputRef, Space, message } from 'antd';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../core/api.ts';
import type { Countdown, SendCodeAnswer } from '../core/codes.ts';
import { fieldRule } from '../core/rules.ts';

/** The button's words: registration and find password keep their own ("Send code"). */
const BUTTON_TEXTS = {
  codeLogin: { send: 'codeLogin.sendCode', resend: 'codeLogin.resend' },
  account: { send: 'account.sendCode', resend: 'account.resend' },
} as const;

interface CodeFieldProps {
  /** The form's name: the input's id is `<idPrefix>_code`, so the label points at it. */
  idPrefix: string;
  /** Seconds before another code may be asked for; 0 when one may. */
  seconds: number;
  /** A code is on its way: the button spins. */
  sending: boolean;
  /** The button waits for something else too (a voice code on its way). */
  blocked?: boolean;
  onSend: () => void;
  maxLength?: number;
  /** The class of the labelled item (the code login's layout with its voice link). */
  className?: string;
  inputRef?: Ref<InputRef>;
  texts?: keyof typeof BUTTON_TEXTS;
}

export function CodeField({
  idPrefix,
  seconds,
  sending,
  blocked = false,
  onSend,
  maxLength = 12,
  className,
  inputRef,
  texts = 'codeLogin',
}: CodeFieldProps) {
  const { t } = useTranslation();
  const words = BUTTON_TEXTS[texts];
  return (
    <Form.Item label={t('fields.code')} htmlFor={`${idPrefix}_code`} required={false} className={className}>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[fieldRule('code')]}>
          <Input
            id={`${idPrefix}_code`}
            ref={inputRef}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={maxLength}
            placeholder={t('account.codePlaceholder')}
          />
        </Form.Item>
        <Button
          onClick={onSend}
          loading={sending}
          disabled={seconds > 0 || blocked}
          className="ts-code-button"
        >
          {seconds > 0 ? t(words.resend, { seconds }) : t(words.send)}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Sends a code through `call` and, once the server said it did, starts `countdown` from its
 * interval and says where the code went (`sentText`, a catalogue key).
 */
export function useCodeSender(countdown: Countdown) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const send = async (call: () => Promise<ApiResult<unknown>>, sentText: string) => {
    setSending(true);
    const res = await call();
    setSending(false);
    if (!res.ok) return;
    countdown.start((res.data as Partial<SendCodeAnswer> | null)?.interval);
    void message.success(t(sentText));
  };
  return { sending, send };
}
