/**
 * Input rules of specification section 5 as plain functions, so the antd and antd-mobile forms
 * share one wording. Each answers the message to show, or null when the value is fine.
 */
import { t } from './i18n.ts';

export type FieldName = 'username' | 'password' | 'domain';

export function checkField(field: FieldName, value: unknown): string | null {
  const text = typeof value === 'string' ? value : '';
  const name = t(`fields.${field}`);
  if (text === '') return t('rules.required', { field: name });
  // Spaces around a username or password are almost always a paste accident; say so plainly.
  if (text !== text.trim()) return t('rules.edgeSpaces', { field: name });
  return null;
}

/** A rule for rc-field-form (used by both antd and antd-mobile Form). */
export function fieldRule(field: FieldName) {
  return {
    validator: (_rule: unknown, value: unknown): Promise<void> => {
      const message = checkField(field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
