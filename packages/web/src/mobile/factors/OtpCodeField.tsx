/**
 * The six-digit code of an authenticator app, as the form's `code` field: the binding wizard's
 * last step and the OTP second factor ask for it alike.
 */
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { otpCodeRule } from '../forms/rules.ts';
import { ITEM_STYLE } from '../styles.ts';

interface OtpCodeFieldProps {
  /** Catalogue key of the label: each screen names the code in its own words. */
  label: string;
  /** The input's class: the wizard draws it as a filled box (tm-input). */
  inputClassName?: string;
}

export function OtpCodeField({ label, inputClassName = 'tmt-field' }: OtpCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item style={ITEM_STYLE} name="code" label={t(label)} rules={[otpCodeRule]}>
      <Input
        className={inputClassName}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('mobile.otp.codePlaceholder')}
        clearable
      />
    </Form.Item>
  );
}
