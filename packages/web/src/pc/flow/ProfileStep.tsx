/** COMPLETE_PROFILE: the tenant's profile fields, filled with what the account already has. */
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeProfile } from '../../core/afterlogin.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { ProfileFields, type ProfileValues } from '../ProfileFields.tsx';
import type { StepProps } from './steps.ts';

export function ProfileStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ profile = {} }: ProfileValues) => {
    setBusy(true);
    if (!follow(await completeProfile(view.id, profile))) setBusy(false);
  };

  return (
    <section className="ts-card">
      <h1 className="ts-card-title">{t('profileStep.heading')}</h1>
      <p className="ts-card-subtitle">{t('profileStep.hint')}</p>
      <Form<ProfileValues>
        form={form}
        name="completeProfile"
        layout="vertical"
        size="large"
        initialValues={{ profile: view.profile?.values }}
        onFinish={(values) => void submit(values)}
      >
        <ProfileFields fields={view.profile?.fields ?? []} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('profileStep.submit')}
        </Button>
      </Form>
    </section>
  );
}
