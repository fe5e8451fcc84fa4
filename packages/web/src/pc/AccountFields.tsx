/**
 * The account part of the registration and find-password forms: a mobile / email tab, the
 * number (with its area code) or the address, and the verification code with its send button.
 * The code is only counted down after the server said it sent one.
 */
import { Form, type FormInstance, Input, Select, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../core/bootstrap.ts';
import type { AccountKind, AccountTarget } from '../core/flows.ts';
import { checkEmail, checkMobile, validatorRule } from '../core/rules.ts';
import { CodeField } from './CodeField.tsx';

export interface AccountValues {
  areaCode?: string;
  mobile?: string;
  email?: string;
  code?: string;
}

export function accountTarget(kind: AccountKind, values: AccountValues): AccountTarget {
  return kind === 'mobile'
    ? { type: 'mobile', mobile: values.mobile?.trim(), areaCode: values.areaCode }
    : { type: 'email', email: values.email?.trim() };
}

const RESEND_SECONDS = 60;

interface Props {
  form: FormInstance;
  /** The form's name: the prefix of its input ids, so labels point at their inputs. */
  idPrefix: string;
  kind: AccountKind;
  onKindChange: (kind: AccountKind) => void;
  /** Asks the server to send a code; true when it did. */
  onSend: (target: AccountTarget) => Promise<boolean>;
  preview: boolean;
  /** The tab names: "sign up with..." on registration, "verify by..." on find password. */
  tabLabels: Record<AccountKind, string>;
}

export function AccountFields({ form, idPrefix, kind, onKindChange, onSend, preview, tabLabels }: Props) {
  const { t } = useTranslation();
  const { config } = useBoot();
  const areaCodes = config?.supportAreaCodeList.length ? config.supportAreaCodeList : ['+86'];
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (preview || sending || wait > 0) return;
    try {
      await form.validateFields([kind, ...(kind === 'mobile' ? ['areaCode'] : [])]);
    } catch {
      return; // the field shows why
    }
    setSending(true);
    const sent = await onSend(accountTarget(kind, form.getFieldsValue() as AccountValues));
    setSending(false);
    if (sent) setWait(RESEND_SECONDS);
  };

  const mobileField = (
    <Form.Item label={t('fields.mobile')} htmlFor={`${idPrefix}_mobile`} required={false}>
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle initialValue={config?.preferredAreaCode || areaCodes[0]}>
          <Select
            aria-label={t('fields.areaCode')}
            options={areaCodes.map((code) => ({ value: code, label: code }))}
            style={{ width: 92, flex: 'none' }}
          />
        </Form.Item>
        <Form.Item
          name="mobile"
          noStyle
          rules={[validatorRule((value) => checkMobile(value, form.getFieldValue('areaCode') as string))]}
        >
          <Input
            id={`${idPrefix}_mobile`}
            autoComplete="tel-national"
            placeholder={t('account.mobilePlaceholder')}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
  const emailField = (
    <Form.Item name="email" label={t('fields.email')} rules={[validatorRule(checkEmail)]}>
      <Input autoComplete="email" placeholder={t('account.emailPlaceholder')} />
    </Form.Item>
  );

  return (
    <>
      <Tabs
        className="ts-account-tabs"
        activeKey={kind}
        onChange={(key) => onKindChange(key as AccountKind)}
        destroyOnHidden
        items={[
          { key: 'mobile', label: tabLabels.mobile, children: mobileField },
          { key: 'email', label: tabLabels.email, children: emailField },
        ]}
      />
      <CodeField
        idPrefix={idPrefix}
        seconds={wait}
        sending={sending}
        onSend={() => void send()}
        maxLength={8}
        texts="account"
      />
    </>
  );
}
