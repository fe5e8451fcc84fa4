/**
 * FIDO2 login (docs/factors.md), on the login page's tab and on /Fido2Login: an optional username
 * (without one, any discoverable key of this site answers), then the browser's prompt. Browser
 * errors are worded by useFido2; the server's (FIDO2.0001 ...) by the request client.
 */
import type { FlowAnswer } from '@tessera/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../core/api.ts';
import { loginWithFido2 } from '../../core/factors.ts';
import { useFido2 } from './useFido2.tsx';

interface Props {
  preview: boolean;
  size: 'middle' | 'large';
  variant: 'outlined' | 'underlined' | 'filled';
  /** The long band's row: the field and the button side by side, the hint under the field. */
  band?: boolean;
  /** The login's answer; true when the page moves on. */
  onAnswer: (res: ApiResult<FlowAnswer>) => boolean;
}

export function Fido2LoginForm({ preview, size, variant, band = false, onAnswer }: Props) {
  const { t } = useTranslation();
  const fido2 = useFido2();
  const [busy, setBusy] = useState(false);

  const submit = async ({ username = '' }: { username?: string }) => {
    if (preview || busy) return;
    setBusy(true);
    const res = await fido2.run(() => loginWithFido2(username.trim()));
    if (!res || !onAnswer(res)) setBusy(false);
  };

  const problem = fido2.problem ?? (fido2.unsupported && !preview ? t('fido2.platform') : null);
  const hint = <p className="ts-factor-hint">{t('fido2.hint')}</p>;
  const button = (
    <Button
      type="primary"
      htmlType="submit"
      block
      size="large"
      loading={busy}
      disabled={fido2.unsupported && !preview}
      className="ts-submit"
    >
      {t('fido2.submit')}
    </Button>
  );
  return (
    <>
      {!band && hint}
      {problem && <Alert className="ts-alert" type="error" showIcon title={problem} />}
      <Form<{ username?: string }>
        name="fido2"
        layout="vertical"
        size={size}
        requiredMark={false}
        variant={variant}
        className={band ? 'ts-band-form' : undefined}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="username"
          label={t('fido2.username')}
          className={band ? 'ts-band-field' : undefined}
          extra={band ? t('fido2.hint') : undefined}
        >
          <Input
            autoComplete="username webauthn"
            placeholder={t('fido2.usernamePlaceholder')}
            maxLength={64}
          />
        </Form.Item>
        {band ? <div className="ts-band-submit">{button}</div> : button}
      </Form>
      {fido2.holder}
    </>
  );
}
