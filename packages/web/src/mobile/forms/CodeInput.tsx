/** A verification-code field with its send button and the resend countdown. */
import { Button, Input, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../core/api.ts';

/** Seconds before a code may be asked for again. */
export const RESEND_SECONDS = 60;

export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * Sends a code through `path` once `prepare` (which validates the target field) answers the
 * request body; the server's answer, success or failure, is what the user sees.
 */
export function useSendCode(path: string, prepare: () => Promise<Record<string, string | undefined> | null>) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [left, start] = useCountdown();
  const send = async () => {
    const body = await prepare();
    if (!body) return;
    setSending(true);
    const res = await request(path, { body });
    setSending(false);
    if (res.ok) {
      Toast.show({ content: t('mobile.code.sent') });
      start(RESEND_SECONDS);
    }
  };
  return { sending, left, send };
}

interface CodeInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  sending: boolean;
  left: number;
  onSend: () => void;
  /** The send button's text (default: the register and find-password wording). */
  sendText?: string;
}

export function CodeInput({ id, value, onChange, sending, left, onSend, sendText }: CodeInputProps) {
  const { t } = useTranslation();
  return (
    <div className="tmt-code-row">
      <Input
        id={id}
        className="tmt-field"
        value={value}
        onChange={onChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        placeholder={t('mobile.placeholders.code')}
        clearable
      />
      <Button
        type="button"
        fill="outline"
        className="tmt-code-button"
        loading={sending}
        disabled={left > 0}
        onClick={onSend}
      >
        {left > 0 ? t('mobile.code.resend', { seconds: left }) : (sendText ?? t('mobile.code.send'))}
      </Button>
    </div>
  );
}
