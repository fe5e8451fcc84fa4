/**
 * BIND_MOBILE: the area code and number, a code sent to it (counted down only once the server
 * said it sent one), then the binding.
 */
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMobile, sendBindMobileCode } from '../../core/afterlogin.ts';
import { useCountdown } from '../../core/codes.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { CodeField, useCodeSender } from '../CodeField.tsx';
import { MobileField } from '../MobileField.tsx';
import type { StepProps } from './steps.ts';

interface MobileValues {
  areaCode: string;
  mobile: string;
  code: string;
}

const FORM_NAME = 'bindMobile';

export function MobileStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MobileValues>();
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const sender = useCodeSender(countdown);
  useRevalidateOnLanguage(form);

  const send = async () => {
    try {
      await form.validateFields(['areaCode', 'mobile']);
    } catch {
      return; // the field shows why
    }
    const { areaCode, mobile } = form.getFieldsValue();
    await sender.send(
      () => sendBindMobileCode(view.id, { areaCode, mobile: mobile.trim() }),
      'codeLogin.smsSent',
    );
  };
  const submit = async ({ areaCode, mobile, code }: MobileValues) => {
    setBusy(true);
    if (!follow(await bindMobile(view.id, { areaCode, mobile: mobile.trim(), code: code.trim() })))
      setBusy(false);
  };

  return (
    <section className="ts-card">
      <h1 className="ts-card-title">{t('bindMobile.heading')}</h1>
      <p className="ts-card-subtitle">{t('bindMobile.hint')}</p>
      <Form<MobileValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <MobileField idPrefix={FORM_NAME} autoFocus />
        <CodeField
          idPrefix={FORM_NAME}
          seconds={countdown.seconds}
          sending={sender.sending}
          onSend={() => void send()}
        />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('bindMobile.submit')}
        </Button>
      </Form>
    </section>
  );
}
