/**
 * CHOOSE_ACCOUNT (docs/oidc.md, ENTER_APPLICATION): the user has several accounts of the
 * application being entered and picks the one to sign in as: its name, its kind (own, shared,
 * entrusted) and the user's role in it. The answer is the flow's next step or its end, when the
 * request client follows `redirect` back to the provider and on to the application.
 */
import type { AppAccountView } from '@tessera/shared';
import { Button, Form, Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseAccount } from '../../core/afterlogin.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import type { StepProps } from './steps.ts';

const KIND_COLORS: Record<AppAccountView['kind'], string> = {
  own: 'blue',
  shared: 'green',
  entrusted: 'orange',
};

export function ChooseAccountStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountId: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);
  const accounts = view.accounts ?? [];
  const name = view.application?.name ?? '';

  const submit = async ({ accountId }: { accountId: string }) => {
    setBusy(true);
    if (!follow(await chooseAccount(view.id, accountId))) setBusy(false);
  };

  return (
    <section className="ts-card">
      <h1 className="ts-card-title">{t('chooseAccount.heading')}</h1>
      <p className="ts-card-subtitle">{t('chooseAccount.hint', { name })}</p>
      <Form<{ accountId: string }>
        form={form}
        name="chooseAccount"
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="accountId" rules={[{ required: true, message: t('chooseAccount.required') }]}>
          <Radio.Group className="ts-account-list" aria-label={t('chooseAccount.label')}>
            {accounts.map((account) => (
              <Radio key={account.id} value={account.id} className="ts-account-option">
                <span className="ts-account-body">
                  <span className="ts-account-name">{account.name}</span>
                  <span className="ts-account-meta">
                    <Tag color={KIND_COLORS[account.kind]} bordered={false}>
                      {t(`chooseAccount.kind.${account.kind}`)}
                    </Tag>
                    <span>{t(`chooseAccount.role.${account.role}`)}</span>
                  </span>
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('chooseAccount.submit')}
        </Button>
      </Form>
    </section>
  );
}
