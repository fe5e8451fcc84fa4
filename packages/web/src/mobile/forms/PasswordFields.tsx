/**
 * A password twice, for the register, find-password and password-change forms: the first checked
 * against the tenant's password policy (shared checker, its tips underneath), the second against
 * the first. The fields are `password` and `confirmPassword` of the surrounding form.
 */
import { passwordTips } from '@tessera/shared';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../core/bootstrap.ts';
import { useTenantTexts } from '../boot.ts';
import { ITEM_STYLE } from '../styles.ts';
import { confirmRule, passwordRule } from './rules.ts';

/** Registration asks for "a password"; a change or a reset for "a new password". */
const FIRST_FIELD = {
  account: { label: 'fields.password', placeholder: 'mobile.placeholders.password' },
  new: { label: 'mobile.fields.newPassword', placeholder: 'mobile.placeholders.newPassword' },
} as const;

interface PasswordFieldsProps {
  kind: keyof typeof FIRST_FIELD;
  /** The form's `oldPassword` field is the current password, which the new one must differ from. */
  withOld?: boolean;
}

export function PasswordFields({ kind, withOld = false }: PasswordFieldsProps) {
  const { t } = useTranslation();
  const policy = useBoot().accountPolicy.passwordPolicy;
  const { label, placeholder } = FIRST_FIELD[kind];

  return (
    <>
      <Form.Item
        style={ITEM_STYLE}
        name="password"
        label={t(label)}
        // Rules as functions of the form: they read the other fields when they run.
        rules={[
          ({ getFieldValue }) =>
            passwordRule(policy, label, withOld ? () => getFieldValue('oldPassword') : undefined),
        ]}
        description={<PasswordTips />}
      >
        <Input
          className="tmt-field"
          type="password"
          autoComplete="new-password"
          placeholder={t(placeholder)}
        />
      </Form.Item>
      <Form.Item
        style={ITEM_STYLE}
        name="confirmPassword"
        label={t('mobile.fields.confirmPassword')}
        dependencies={['password']}
        rules={[({ getFieldValue }) => confirmRule(() => getFieldValue('password'))]}
      >
        <Input
          className="tmt-field"
          type="password"
          autoComplete="new-password"
          placeholder={t('mobile.placeholders.confirmPassword')}
        />
      </Form.Item>
    </>
  );
}

/** The tenant's password rules (pwd_tip1..4 of the shared policy), under a new password. */
export function PasswordTips() {
  const { lang } = useTenantTexts();
  const policy = useBoot().accountPolicy.passwordPolicy;
  return (
    <ul className="tmt-tips">
      {passwordTips(policy, lang).map((tip) => (
        <li key={tip}>{tip}</li>
      ))}
    </ul>
  );
}
