/**
 * Tenant-defined profile fields (specification section 5, dynamic form hints): shown at
 * registration and in the post-login "complete personal information" step. One checker serves
 * the server and both apps; it answers what is wrong and `profileProblemText` words it.
 */
import type { Lang } from './errors.ts';

export type ProfileFieldType = 'text' | 'number' | 'date' | 'select';

export interface ProfileField {
  /** Letters, digits and '_': the key under which the value is kept. */
  key: string;
  label: Record<Lang, string>;
  type: ProfileFieldType;
  required: boolean;
  /** Shown on the registration form as well as in the post-login step. */
  onRegister: boolean;
  /** text: length range. */
  minLength?: number;
  maxLength?: number;
  /** number: value range. */
  min?: number;
  max?: number;
  /** date (YYYY-MM-DD): date range. */
  minDate?: string;
  maxDate?: string;
  /** date of birth: the legal employment age in whole years. */
  minAge?: number;
  /** select: the dictionary; one value only. */
  options?: { value: string; label: Record<Lang, string> }[];
}

export type ProfileProblem =
  | { kind: 'required' }
  | { kind: 'length'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'date'; min: string; max: string }
  | { kind: 'age'; age: number }
  | { kind: 'single' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The range of a date field without its own bounds. */
const MIN_DATE = '1900-01-01';
const MAX_DATE = '2999-12-31';

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whole years between a YYYY-MM-DD birth date and today (UTC). */
export function ageOn(birth: string, today: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** The first thing wrong with one value, or null. An empty optional value is fine. */
export function checkProfileValue(
  field: ProfileField,
  value: string | undefined,
  today: Date = new Date(),
): ProfileProblem | null {
  const v = value ?? '';
  if (v === '') return field.required ? { kind: 'required' } : null;
  switch (field.type) {
    case 'text': {
      const n = [...v].length;
      const min = field.minLength ?? 0;
      const max = field.maxLength ?? 200;
      return n < min || n > max || v.trim() !== v ? { kind: 'length', min, max } : null;
    }
    case 'number': {
      const min = field.min ?? Number.MIN_SAFE_INTEGER;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      const n = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      return Number.isFinite(n) && n >= min && n <= max ? null : { kind: 'number', min, max };
    }
    case 'date': {
      const min = field.minDate ?? MIN_DATE;
      const max = field.maxDate ?? MAX_DATE;
      if (!isRealDate(v) || v < min || v > max) return { kind: 'date', min, max };
      if (field.minAge !== undefined && ageOn(v, today) < field.minAge)
        return { kind: 'age', age: field.minAge };
      return null;
    }
    case 'select':
      return (field.options ?? []).some((o) => o.value === v) ? null : { kind: 'single' };
  }
}

const TEXTS: Record<Lang, Record<ProfileProblem['kind'], string>> = {
  zh: {
    required: '{label}不能为空',
    length: '长度应为 {min}-{max} 个字符',
    number: '数值应在 {min} 到 {max} 之间',
    date: '日期应在 {min} 至 {max} 之间',
    age: '未达到法定就业年龄（{age} 周岁）',
    single: '字典字段只能单选',
  },
  en: {
    required: '{label} cannot be empty',
    length: 'Length must be {min} to {max} characters',
    number: 'The value must be between {min} and {max}',
    date: 'The date must be between {min} and {max}',
    age: 'The legal employment age ({age}) is not met',
    single: 'Only one option of this dictionary field can be chosen',
  },
};

export function profileProblemText(problem: ProfileProblem, field: ProfileField, lang: Lang): string {
  const values: Record<string, string | number> = { ...problem, label: field.label[lang] };
  return TEXTS[lang][problem.kind].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** The hint shown under a field before anything is typed: its range or rule, or ''. */
export function profileFieldHint(field: ProfileField, lang: Lang): string {
  const range = (kind: 'length' | 'number' | 'date', min: unknown, max: unknown) =>
    TEXTS[lang][kind].replace('{min}', String(min)).replace('{max}', String(max));
  if (field.type === 'text' && (field.minLength !== undefined || field.maxLength !== undefined))
    return range('length', field.minLength ?? 0, field.maxLength ?? 200);
  if (field.type === 'number' && (field.min !== undefined || field.max !== undefined))
    return range('number', field.min ?? '-∞', field.max ?? '∞');
  if (field.type === 'date' && field.minAge !== undefined)
    return lang === 'zh' ? `需年满 ${field.minAge} 周岁` : `Must be at least ${field.minAge} years old`;
  if (field.type === 'date' && (field.minDate || field.maxDate))
    return range('date', field.minDate ?? MIN_DATE, field.maxDate ?? MAX_DATE);
  if (field.type === 'select') return lang === 'zh' ? '单选' : 'Choose one';
  return '';
}

/** Every problem of a set of values, keyed by field; values of unknown keys are ignored. */
export function checkProfile(
  fields: ProfileField[],
  values: Record<string, string>,
  today: Date = new Date(),
): { field: ProfileField; problem: ProfileProblem }[] {
  return fields.flatMap((field) => {
    const problem = checkProfileValue(field, values[field.key], today);
    return problem ? [{ field, problem }] : [];
  });
}
