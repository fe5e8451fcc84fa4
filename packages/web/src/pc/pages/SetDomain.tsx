/** Set tenant domain (specification section 1): the server answers that tenant's login page. */
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { setDomain } from '../../core/auth.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { fieldRule } from '../../core/rules.ts';

export default function SetDomain() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ domain: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ domain }: { domain: string }) => {
    setBusy(true);
    const res = await setDomain(domain);
    if (res.redirected) return;
    // No redirect in the answer (older servers): the url in data is the same place.
    if (res.ok && res.data?.url) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(false);
  };

  return (
    <section className="ts-card">
      <h1 className="ts-card-title">{t('setdomain.heading')}</h1>
      <p className="ts-card-subtitle">{t('setdomain.hint')}</p>
      <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false}>
        <Form.Item name="domain" label={t('fields.domain')} rules={[fieldRule('domain')]}>
          <Input placeholder={t('setdomain.placeholder')} autoComplete="off" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('setdomain.submit')}
        </Button>
      </Form>
      <div className="ts-card-links">
        <Link to="/login">{t('setdomain.back')}</Link>
      </div>
    </section>
  );
}
