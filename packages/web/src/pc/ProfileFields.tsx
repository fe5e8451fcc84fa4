/**
 * The tenant's profile fields (docs/flows.md) as form items under `profile.<key>`: text, number,
 * date (YYYY-MM-DD from the browser's date input) and single-choice select, each with its hint and
 * checked by the shared checker the server uses. Values stay strings, as the server keeps them.
 */
import {
  type Lang,
  type ProfileField,
  checkProfileValue,
  profileFieldHint,
  profileProblemText,
} from '@tessera/shared';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../core/i18n.ts';
import { validatorRule } from '../core/rules.ts';

export interface ProfileValues {
  profile?: Record<string, string>;
}

/** The input of one field: the Form.Item's direct child, which gets its value, handlers and id. */
function fieldInput(field: ProfileField, lang: Lang) {
  switch (field.type) {
    case 'select':
      return (
        <Select
          allowClear={!field.required}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
        />
      );
    case 'date':
      return <Input type="date" min={field.minDate} max={field.maxDate} />;
    case 'number':
      return <Input inputMode="decimal" />;
    case 'text':
      return <Input />;
  }
}

export function ProfileFields({ fields }: { fields: ProfileField[] }) {
  useTranslation(); // labels and hints follow language switches
  const lang = currentLang();
  const check = (field: ProfileField) =>
    validatorRule((value) => {
      const problem = checkProfileValue(field, typeof value === 'string' ? value : undefined);
      return problem && profileProblemText(problem, field, lang);
    });
  return fields.map((field) => (
    <Form.Item
      key={field.key}
      name={['profile', field.key]}
      label={field.label[lang]}
      required={field.required}
      rules={[check(field)]}
      extra={profileFieldHint(field, lang) || undefined}
      className="ts-hinted"
    >
      {fieldInput(field, lang)}
    </Form.Item>
  ));
}
