/**
 * CHOOSE_ACCOUNT (docs/oidc.md, ENTER_APPLICATION): the user has several accounts of the
 * application being entered and picks the one to sign in as: its name, its kind (own, shared,
 * entrusted) and the user's role in it. The answer is the flow's next step or its end, when the
 * request client follows `redirect` back to the provider and on to the application.
 */
import type { AppAccountView } from '@tessera/shared';
import { Button, Form, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseAccount } from '../../core/afterlogin.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import type { StepProps } from './useFlow.ts';

const KIND_COLORS: Record<AppAccountView['kind'], string> = {
  own: 'primary',
  shared: 'success',
  entrusted: 'warning',
};

interface ChoiceProps {
  id?: string;
  accounts: AppAccountView[];
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * The accounts as native radio buttons (antd-mobile's Radio hides its input from assistive
 * technology), each with its kind and the user's role.
 */
function AccountChoice({ id, accounts, value, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className="tmt-account-list" role="radiogroup" aria-label={t('mobile.chooseAccount.label')}>
      {accounts.map((account) => (
        <label key={account.id} className="tmt-account-option">
          <input
            type="radio"
            name="accountId"
            value={account.id}
            checked={value === account.id}
            onChange={() => onChange?.(account.id)}
          />
          <span className="tmt-account-body">
            <span className="tmt-account-name">{account.name}</span>
            <span className="tmt-account-meta">
              <Tag color={KIND_COLORS[account.kind]} fill="outline">
                {t(`mobile.chooseAccount.kind.${account.kind}`)}
              </Tag>
              <span>{t(`mobile.chooseAccount.role.${account.role}`)}</span>
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}

export function ChooseAccountStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountId?: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ accountId = '' }: { accountId?: string }) => {
    setBusy(true);
    if (!follow(await chooseAccount(view.id, accountId))) setBusy(false);
  };

  return (
    <Form
      form={form}
      name="chooseAccount"
      layout="vertical"
      style={FORM_STYLE}
      onFinish={submit}
      footer={
        <div className="tmt-submit">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('mobile.chooseAccount.submit')}
          </Button>
        </div>
      }
    >
      <Form.Item
        name="accountId"
        rules={[{ required: true, message: t('mobile.chooseAccount.required') }]}
        style={ITEM_STYLE}
      >
        <AccountChoice accounts={view.accounts ?? []} />
      </Form.Item>
    </Form>
  );
}
