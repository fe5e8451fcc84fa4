/**
 * The area code (the tenant's supportAreaCodeList, its preferredAreaCode first chosen) and the
 * mobile number, as the form's `areaCode` and `mobile` fields: the SMS code login and the
 * binding of a mobile number after sign-in ask for it alike.
 */
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../core/bootstrap.ts';
import { checkMobile, validatorRule } from '../core/rules.ts';
import { AreaCodeSelect } from './AreaCodeSelect.tsx';

interface MobileFieldProps {
  /** The form's name: the input's id is `<idPrefix>_mobile`, so the label points at it. */
  idPrefix: string;
  autoFocus?: boolean;
  className?: string;
}

/** The tenant's area codes (+86 when it names none) and the one chosen at first. */
function useAreaCodes() {
  const { config } = useBoot();
  const codes = config?.supportAreaCodeList.length ? config.supportAreaCodeList : ['+86'];
  const preferred = config?.preferredAreaCode;
  return { codes, first: preferred && codes.includes(preferred) ? preferred : codes[0] };
}

export function MobileField({ idPrefix, autoFocus, className }: MobileFieldProps) {
  const { t } = useTranslation();
  const areaCodes = useAreaCodes();
  return (
    <Form.Item
      label={t('fields.mobile')}
      htmlFor={`${idPrefix}_mobile`}
      required={false}
      className={className}
    >
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle initialValue={areaCodes.first}>
          <AreaCodeSelect codes={areaCodes.codes} />
        </Form.Item>
        <Form.Item
          name="mobile"
          noStyle
          dependencies={['areaCode']}
          // A function of the form: the number is checked against the area code chosen when it runs.
          rules={[
            ({ getFieldValue }) =>
              validatorRule((value) => checkMobile(value, getFieldValue('areaCode') as string)),
          ]}
        >
          <Input
            id={`${idPrefix}_mobile`}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            placeholder={t('account.mobilePlaceholder')}
            autoFocus={autoFocus}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
