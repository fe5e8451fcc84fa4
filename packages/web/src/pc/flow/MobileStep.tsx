/**
 * BIND_MOBILE: the area code and number, a code sent to it (counted down only once the server
 * said it sent one), then the binding.
 */
import { Button, Form, Input, Space, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMobile, sendBindMobileCode } from '../../core/afterlogin.ts';
import { useBoot } from '../../core/bootstrap.ts';
import { type SendCodeAnswer, useCountdown } from '../../core/codes.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { checkMobile, fieldRule, validatorRule } from '../../core/rules.ts';
import { AreaCodeSelect } from '../AreaCodeSelect.tsx';
import type { StepProps } from './steps.ts';

interface MobileValues {
  areaCode: string;
  mobile: string;
  code: string;
}

const FORM_NAME = 'bindMobile';

export function MobileStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const { config } = useBoot();
  const [form] = Form.useForm<MobileValues>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  useRevalidateOnLanguage(form);
  const areaCodes = config?.supportAreaCodeList.length ? config.supportAreaCodeList : ['+86'];
  const preferred =
    config?.preferredAreaCode && areaCodes.includes(config.preferredAreaCode)
      ? config.preferredAreaCode
      : areaCodes[0];

  const send = async () => {
    try {
      await form.validateFields(['areaCode', 'mobile']);
    } catch {
      return; // the field shows why
    }
    const { areaCode, mobile } = form.getFieldsValue();
    setSending(true);
    const res = await sendBindMobileCode(view.id, { areaCode, mobile: mobile.trim() });
    setSending(false);
    if (!res.ok) return;
    countdown.start((res.data as Partial<SendCodeAnswer> | null)?.interval);
    void message.success(t('codeLogin.smsSent'));
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
        <Form.Item label={t('fields.mobile')} htmlFor={`${FORM_NAME}_mobile`} required={false}>
          <Space.Compact block>
            <Form.Item name="areaCode" noStyle initialValue={preferred}>
              <AreaCodeSelect codes={areaCodes} />
            </Form.Item>
            <Form.Item
              name="mobile"
              noStyle
              dependencies={['areaCode']}
              rules={[validatorRule((value) => checkMobile(value, form.getFieldValue('areaCode') as string))]}
            >
              <Input
                id={`${FORM_NAME}_mobile`}
                autoComplete="tel-national"
                inputMode="tel"
                maxLength={20}
                placeholder={t('account.mobilePlaceholder')}
                autoFocus
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('fields.code')} htmlFor={`${FORM_NAME}_code`} required={false}>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[fieldRule('code')]}>
              <Input
                id={`${FORM_NAME}_code`}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={12}
                placeholder={t('account.codePlaceholder')}
              />
            </Form.Item>
            <Button
              onClick={() => void send()}
              loading={sending}
              disabled={countdown.seconds > 0}
              className="ts-code-button"
            >
              {countdown.seconds > 0
                ? t('codeLogin.resend', { seconds: countdown.seconds })
                : t('codeLogin.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('bindMobile.submit')}
        </Button>
      </Form>
    </section>
  );
}
