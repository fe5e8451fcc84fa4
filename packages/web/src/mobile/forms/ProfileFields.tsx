/**
 * The tenant's profile fields (docs/flows.md, "Profile fields") as rows of an antd-mobile Form,
 * under the form value `profile`: registration shows those with `onRegister`, the post-login step
 * all of them. Hints and checks are the shared ones the server applies too.
 */
import {
  type Lang,
  type ProfileField,
  checkProfileValue,
  profileFieldHint,
  profileProblemText,
} from '@tessera/shared';
import { Form, Input } from 'antd-mobile';
import type { ChangeEvent } from 'react';
import { useTenantTexts } from '../boot.ts';
import { ITEM_STYLE } from '../styles.ts';
import { rule } from './rules.ts';

/** The form value of the fields: every shown field's text, '' when left empty. */
export function profileValues(fields: ProfileField[], values: Record<string, unknown> | undefined) {
  return Object.fromEntries(fields.map((f) => [f.key, String(values?.[f.key] ?? '').trim()]));
}

interface ControlProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  field: ProfileField;
  lang: Lang;
}

/**
 * A single choice as native radio buttons: antd-mobile's Radio and Selector hide their inputs
 * from assistive technology; these stay focusable and named.
 */
function Choice({ id, value, onChange, field, lang }: ControlProps) {
  return (
    <div id={id} className="tmt-choice" role="radiogroup" aria-label={field.label[lang]}>
      {(field.options ?? []).map((option) => (
        <label key={option.value} className="tmt-choice-item">
          <input
            type="radio"
            name={field.key}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange?.(option.value)}
          />
          <span>{option.label[lang]}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * The phone's own date picker, which speaks YYYY-MM-DD. No min/max: the browser would block the
 * submit with its own bubble; the range is the form's check, worded like the server's.
 */
function DateInput({ id, value, onChange }: ControlProps) {
  return (
    <input
      id={id}
      className="tmt-field tmt-date"
      type="date"
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
    />
  );
}

function TextInput({ id, value, onChange, field }: ControlProps) {
  const number = field.type === 'number';
  return (
    <Input
      id={id}
      className="tmt-field"
      value={value}
      onChange={onChange}
      // The numeric keypad has no minus sign: negative ranges keep the full keyboard.
      inputMode={number && (field.min ?? 0) >= 0 ? 'decimal' : 'text'}
      maxLength={number ? 32 : field.maxLength}
      clearable
    />
  );
}

const CONTROLS = { text: TextInput, number: TextInput, date: DateInput, select: Choice };

export function ProfileFields({ fields }: { fields: ProfileField[] }) {
  const { lang } = useTenantTexts();
  return fields.map((field) => {
    const Control = CONTROLS[field.type];
    const hint = profileFieldHint(field, lang);
    return (
      <Form.Item
        key={field.key}
        style={ITEM_STYLE}
        name={['profile', field.key]}
        label={field.label[lang]}
        required={field.required}
        description={hint && <span className="tmt-hint">{hint}</span>}
        rules={[
          rule((value) => {
            const problem = checkProfileValue(field, typeof value === 'string' ? value.trim() : undefined);
            return problem && profileProblemText(problem, field, lang);
          }),
        ]}
      >
        <Control field={field} lang={lang} />
      </Form.Item>
    );
  });
}
