/**
 * The password change form (flow step and the signed-in user's own change): optionally the old
 * password, then the new one checked against the tenant's policy (its tips under the field) and
 * its confirmation. The shared checker words the problems, so the page says what the server would.
 */
import { type PasswordProblem, checkPassword, passwordProblemText, passwordTips } from '@tessera/shared';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../core/bootstrap.ts';
import { useRevalidateOnLanguage } from '../core/forms.ts';
import { currentLang } from '../core/i18n.ts';
import { checkField, validatorRule } from '../core/rules.ts';

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

interface Props {
  withOld: boolean;
  busy: boolean;
  onSubmit: (values: PasswordChangeValues) => void;
  /** A second way out under the submit button (skip, cancel). */
  secondary?: ReactNode;
}

export function PasswordChangeForm({ withOld, busy, onSubmit, secondary }: Props) {
  const { t } = useTranslation();
  const { passwordPolicy: policy } = useBoot().accountPolicy;
  const [form] = Form.useForm<PasswordChangeValues>();
  useRevalidateOnLanguage(form);
  const lang = currentLang();
  const text = (problem: PasswordProblem | null) => problem && passwordProblemText(problem, policy, lang);

  const checkNew = (value: unknown) =>
    checkField('newPassword', value) ??
    text(
      checkPassword(value as string, policy, {
        old: withOld ? form.getFieldValue('oldPassword') : undefined,
      }),
    );
  const checkConfirm = (value: unknown) =>
    checkField('confirmPassword', value) ??
    (value === form.getFieldValue('newPassword') ? null : text({ kind: 'confirm' }));
  const checkOld = (value: unknown) =>
    value ? null : t('rules.required', { field: t('fields.oldPassword') });

  const tips = (
    <ul className="ts-pwd-tips" aria-label={t('pwdChange.tips')}>
      {passwordTips(policy, lang).map((tip) => (
        <li key={tip}>{tip}</li>
      ))}
    </ul>
  );

  return (
    <Form<PasswordChangeValues>
      form={form}
      name="changePassword"
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={onSubmit}
    >
      {withOld && (
        <Form.Item name="oldPassword" label={t('fields.oldPassword')} rules={[validatorRule(checkOld)]}>
          <Input.Password
            autoComplete="current-password"
            placeholder={t('pwdChange.oldPlaceholder')}
            autoFocus
          />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('fields.newPassword')}
        dependencies={withOld ? ['oldPassword'] : []}
        rules={[validatorRule(checkNew)]}
        extra={tips}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={t('pwdChange.newPlaceholder')}
          autoFocus={!withOld}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['newPassword']}
        rules={[validatorRule(checkConfirm)]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('pwdChange.confirmPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('pwdChange.submit')}
      </Button>
      {secondary}
    </Form>
  );
}
