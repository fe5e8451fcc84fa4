/**
 * The password policy of the specification (sections 3, 5, 9), one checker for the server and both
 * clients: length, allowed characters, required or counted character classes, confirmation and
 * difference from the old password. Answers what is wrong; each side words it in its language.
 */
export type CharacterClass = 'NUMBER' | 'LOWER_CASE' | 'UPPER_CASE' | 'SPECIAL_CHARACTERS';
export const CHARACTER_CLASSES: readonly CharacterClass[] = [
  'NUMBER',
  'LOWER_CASE',
  'UPPER_CASE',
  'SPECIAL_CHARACTERS',
];

/** The allowed special characters of section 5. */
export const PASSWORD_SPECIALS = '~!#$%&+,*:;<=>@_?^、`./-';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  /** Classes a password may use (characterList). */
  characterList: CharacterClass[];
  /** When given, every listed class must appear; otherwise characterDiffCount classes must. */
  mustCharacterList: CharacterClass[];
  characterDiffCount: number;
  /** Days that must pass between two changes (0: none). */
  minChangeIntervalDays: number;
  /** Days after which a password expires (0: never). */
  maxAgeDays: number;
  /** How many previous passwords may not be used again (0: none). */
  historyCount: number;
  /** Days before expiry from which the user is asked, skippably, to change it. */
  expireWarnDays: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  maxLength: 18,
  characterList: [...CHARACTER_CLASSES],
  mustCharacterList: [],
  characterDiffCount: 3,
  minChangeIntervalDays: 0,
  maxAgeDays: 0,
  historyCount: 0,
  expireWarnDays: 7,
};

const CLASS_OF: Record<CharacterClass, (c: string) => boolean> = {
  NUMBER: (c) => c >= '0' && c <= '9',
  LOWER_CASE: (c) => c >= 'a' && c <= 'z',
  UPPER_CASE: (c) => c >= 'A' && c <= 'Z',
  SPECIAL_CHARACTERS: (c) => PASSWORD_SPECIALS.includes(c),
};

export type PasswordProblem =
  | { kind: 'required' }
  | { kind: 'length'; min: number; max: number }
  | { kind: 'characters'; allowed: CharacterClass[] }
  | { kind: 'mustInclude'; classes: CharacterClass[] }
  | { kind: 'diffCount'; count: number }
  | { kind: 'confirm' }
  | { kind: 'sameAsOld' };

/** The first thing wrong with a new password, or null when it satisfies the policy. */
export function checkPassword(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  context: { confirm?: string; old?: string } = {},
): PasswordProblem | null {
  if (!password) return { kind: 'required' };
  const chars = [...password];
  if (chars.length < policy.minLength || chars.length > policy.maxLength) {
    return { kind: 'length', min: policy.minLength, max: policy.maxLength };
  }
  if (!chars.every((c) => policy.characterList.some((k) => CLASS_OF[k](c)))) {
    return { kind: 'characters', allowed: policy.characterList };
  }
  const present = CHARACTER_CLASSES.filter((k) => chars.some(CLASS_OF[k]));
  if (policy.mustCharacterList.length > 0) {
    if (!policy.mustCharacterList.every((k) => present.includes(k)))
      return { kind: 'mustInclude', classes: policy.mustCharacterList };
  } else if (present.length < policy.characterDiffCount) {
    return { kind: 'diffCount', count: policy.characterDiffCount };
  }
  if (context.confirm !== undefined && context.confirm !== password) return { kind: 'confirm' };
  if (context.old !== undefined && context.old === password) return { kind: 'sameAsOld' };
  return null;
}

const CLASS_NAMES: Record<'zh' | 'en', Record<CharacterClass, string>> = {
  zh: { NUMBER: '数字', LOWER_CASE: '小写字母', UPPER_CASE: '大写字母', SPECIAL_CHARACTERS: '特殊字符' },
  en: {
    NUMBER: 'digits',
    LOWER_CASE: 'lower-case letters',
    UPPER_CASE: 'upper-case letters',
    SPECIAL_CHARACTERS: 'special characters',
  },
};
const TIPS = {
  zh: {
    pwd_tip1: '长度为 {min}-{max} 位',
    pwd_tip2: '可包含数字、字母及特殊字符 {char}',
    pwd_tip3: '至少包含数字、小写字母、大写字母、特殊字符中的 {num} 种',
    pwd_tip4: '必须包含{char}',
    separator: '、',
  },
  en: {
    pwd_tip1: '{min} to {max} characters',
    pwd_tip2: 'May contain digits, letters and the special characters {char}',
    pwd_tip3: 'At least {num} of: digits, lower-case letters, upper-case letters, special characters',
    pwd_tip4: 'Must include {char}',
    separator: ', ',
  },
} as const;

/** The tips pwd_tip1..pwd_tip4 of a policy, in a language, with their placeholders filled. */
export function passwordTips(policy: PasswordPolicy, lang: 'zh' | 'en'): string[] {
  const t = TIPS[lang];
  const fill = (s: string, v: Record<string, string | number>) =>
    s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));
  const tips = [
    fill(t.pwd_tip1, { min: policy.minLength, max: policy.maxLength }),
    fill(t.pwd_tip2, { char: PASSWORD_SPECIALS }),
  ];
  if (policy.mustCharacterList.length > 0) {
    tips.push(
      fill(t.pwd_tip4, { char: policy.mustCharacterList.map((k) => CLASS_NAMES[lang][k]).join(t.separator) }),
    );
  } else {
    tips.push(fill(t.pwd_tip3, { num: policy.characterDiffCount }));
  }
  return tips;
}

/** The message for a problem, in a language: the matching tip, or the confirmation texts. */
export function passwordProblemText(
  problem: PasswordProblem,
  policy: PasswordPolicy,
  lang: 'zh' | 'en',
): string {
  const tips = passwordTips(policy, lang);
  switch (problem.kind) {
    case 'required':
      return lang === 'zh' ? '密码不能为空' : 'Password cannot be empty';
    case 'length':
      return tips[0]!;
    case 'characters':
      return tips[1]!;
    case 'mustInclude':
    case 'diffCount':
      return tips[2]!;
    case 'confirm':
      return lang === 'zh' ? '两次输入的密码不一致' : 'The two passwords do not match';
    case 'sameAsOld':
      return lang === 'zh' ? '新密码不能与旧密码相同' : 'Old password and new password cannot be the same';
  }
}
