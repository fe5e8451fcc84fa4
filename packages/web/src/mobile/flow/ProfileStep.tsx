/** COMPLETE_PROFILE: the tenant's profile fields, filled with what the account already has. */
import { Button, Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { completeProfile } from '../../core/afterlogin.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { ProfileFields, profileValues } from '../forms/ProfileFields.tsx';
import { FORM_STYLE } from '../styles.ts';
import type { StepProps } from './useFlow.ts';

export function ProfileStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const fields = view.profile?.fields ?? [];
  const [form] = Form.useForm<{ profile?: Record<string, string> }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async (values: { profile?: Record<string, string> }) => {
    setBusy(true);
    if (!follow(await completeProfile(view.id, profileValues(fields, values.profile)))) setBusy(false);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={FORM_STYLE}
      initialValues={{ profile: view.profile?.values }}
      onFinish={submit}
      footer={
        <div className="tmt-submit">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('mobile.profile.submit')}
          </Button>
        </div>
      }
    >
      <ProfileFields fields={fields} />
    </Form>
  );
}
