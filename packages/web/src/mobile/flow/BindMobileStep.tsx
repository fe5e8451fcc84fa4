/**
 * BIND_MOBILE: a mobile number (area code picked on /selectArea, as at the SMS login) and the
 * code sent to it. What was typed is kept in the login draft, so the number is still there when
 * the user comes back from the area list.
 */
import { Button, Form, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bindMobile, sendBindMobileCode } from '../../core/afterlogin.ts';
import { useCountdown } from '../../core/codes.ts';
import { useRevalidateOnLanguage } from '../../core/forms.ts';
import { useTenantTexts } from '../boot.ts';
import { CodeInput } from '../forms/CodeInput.tsx';
import { PhoneField } from '../forms/CodeLoginForm.tsx';
import { codeRule, mobileRule } from '../forms/rules.ts';
import { currentAreaCode, patchDraft, readDraft } from '../loginDraft.ts';
import { FORM_STYLE, ITEM_STYLE } from '../styles.ts';
import type { StepProps } from './useFlow.ts';

interface BindValues {
  mobile?: string;
  code?: string;
}

const digitsOf = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : '');

export function BindMobileStep({ view, follow }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useTenantTexts();
  const [draft] = useState(readDraft);
  const areaCode = currentAreaCode(config, draft);
  const [form] = Form.useForm<BindValues>();
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  useRevalidateOnLanguage(form);

  const send = async () => {
    if (sending || countdown.seconds > 0) return;
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    const res = await sendBindMobileCode(view.id, {
      mobile: digitsOf(form.getFieldValue('mobile')),
      areaCode,
    });
    setSending(false);
    if (!res.ok) {
      follow(res);
      return;
    }
    countdown.start((res.data as { interval?: number } | null)?.interval);
    Toast.show({ content: t('mobile.code.sent') });
  };

  const submit = async ({ mobile, code = '' }: BindValues) => {
    setBusy(true);
    const res = await bindMobile(view.id, { mobile: digitsOf(mobile), areaCode, code: code.trim() });
    if (!follow(res)) setBusy(false);
  };

  const pickArea = () => {
    patchDraft({ mobile: form.getFieldValue('mobile') });
    navigate('/selectArea', { state: { fromBind: true } });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      style={FORM_STYLE}
      initialValues={{ mobile: draft.mobile }}
      onFinish={submit}
      footer={
        <div className="tmt-submit">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('mobile.bindMobile.submit')}
          </Button>
        </div>
      }
    >
      <Form.Item
        style={ITEM_STYLE}
        name="mobile"
        label={t('mobile.fields.mobile')}
        rules={[mobileRule(areaCode)]}
      >
        <PhoneField areaCode={areaCode} onPickArea={pickArea} />
      </Form.Item>
      <Form.Item style={ITEM_STYLE} name="code" label={t('mobile.fields.code')} rules={[codeRule]}>
        <CodeInput sending={sending} left={countdown.seconds} onSend={() => void send()} />
      </Form.Item>
    </Form>
  );
}
