/**
 * What the mobile login forms (password, OTP, code) share: the username field and the login
 * button in the form's footer.
 */
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fieldRule } from '../../core/rules.ts';
import { ITEM_STYLE } from '../styles.ts';

export function UsernameItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      style={ITEM_STYLE}
      name="username"
      label={t('fields.username')}
      rules={[fieldRule('username')]}
    >
      <Input
        className="tmt-field"
        autoComplete="username"
        placeholder={t('login.usernamePlaceholder')}
        clearable
      />
    </Form.Item>
  );
}

export function LoginSubmit({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="tmt-submit">
      <Button block type="submit" color="primary" size="large" loading={busy}>
        {t('login.submit')}
      </Button>
    </div>
  );
}
