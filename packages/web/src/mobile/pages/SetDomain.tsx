/** Set tenant domain on a phone: the server answers that tenant's login page. */
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { setDomain } from '../../core/auth.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { fieldRule } from '../../core/rules.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';

export default function SetDomain() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ domain: string }>();
  const [busy, setBusy] = useState(false);
  useRevalidateOnLanguage(form);

  const submit = async ({ domain }: { domain: string }) => {
    setBusy(true);
    const res = await setDomain(domain);
    if (res.redirected) return;
    if (res.ok && res.data?.url) {
      window.location.assign(res.data.url);
      return;
    }
    setBusy(false);
  };

  return (
    <section className="tm-panel">
      <div className="tm-head">
        <h1 className="tm-title">{t('setdomain.heading')}</h1>
        <p className="tm-subtitle">{t('setdomain.hint')}</p>
      </div>
      <Form
        form={form}
        layout="vertical"
        style={FORM_STYLE}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('setdomain.submit')}
          </Button>
        }
      >
        <Form.Item style={ITEM_STYLE} name="domain" label={t('fields.domain')} rules={[fieldRule('domain')]}>
          <Input className="tm-input" placeholder={t('setdomain.placeholder')} autoComplete="off" clearable />
        </Form.Item>
      </Form>
      <div className="tm-links">
        <Link to="/login">{t('setdomain.back')}</Link>
      </div>
    </section>
  );
}
