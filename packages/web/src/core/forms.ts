/**
 * Validation messages are made when a field is checked; after a language switch the ones on
 * screen would stay in the old language, so fields that show an error are checked again.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of an rc-field-form instance (antd and antd-mobile) this needs. */
interface CheckableForm {
  getFieldsError(): { name: (string | number)[]; errors: string[] }[];
  validateFields(names: (string | number)[][]): Promise<unknown>;
}

export function useRevalidateOnLanguage(form: CheckableForm): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const names = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (names.length > 0) form.validateFields(names).catch(() => undefined);
  }, [form, i18n.language]);
}
