import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, checkPassword, passwordProblemText, passwordTips } from './index.ts';

const policy = DEFAULT_PASSWORD_POLICY;

describe('password policy (specification section 5)', () => {
  it('accepts 8 to 18 characters with 3 of 4 classes by default', () => {
    expect(checkPassword('Demo@123456')).toBeNull();
    expect(checkPassword('abcdEF12')).toBeNull();
    expect(checkPassword('a'.repeat(7) + 'A1')).toBeNull();
  });
  it('names what is wrong', () => {
    expect(checkPassword('')).toEqual({ kind: 'required' });
    expect(checkPassword('Ab1@')).toEqual({ kind: 'length', min: 8, max: 18 });
    expect(checkPassword('Ab1@'.repeat(5))).toEqual({ kind: 'length', min: 8, max: 18 });
    expect(checkPassword('Abcdefg1"')).toMatchObject({ kind: 'characters' });
    expect(checkPassword('Abcdefg1 ')).toMatchObject({ kind: 'characters' });
    expect(checkPassword('abcdefgh1')).toEqual({ kind: 'diffCount', count: 3 });
    expect(checkPassword('12345678')).toEqual({ kind: 'diffCount', count: 3 });
    expect(checkPassword('Demo@123456', policy, { confirm: 'Demo@12345' })).toEqual({ kind: 'confirm' });
    expect(checkPassword('Demo@123456', policy, { old: 'Demo@123456' })).toEqual({ kind: 'sameAsOld' });
  });
  it('requires every listed class when mustCharacterList is given', () => {
    const must = { ...policy, mustCharacterList: ['NUMBER', 'SPECIAL_CHARACTERS'] as const };
    expect(
      checkPassword('abcdefgh1', { ...must, mustCharacterList: [...must.mustCharacterList] }),
    ).toMatchObject({ kind: 'mustInclude' });
    expect(
      checkPassword('abcdefg1~', { ...must, mustCharacterList: [...must.mustCharacterList] }),
    ).toBeNull();
  });
  it('words the tips with placeholders and the separator of each language', () => {
    expect(passwordTips(policy, 'zh')).toEqual([
      '长度为 8-18 位',
      '可包含数字、字母及特殊字符 ~!#$%&+,*:;<=>@_?^、`./-',
      '至少包含数字、小写字母、大写字母、特殊字符中的 3 种',
    ]);
    const must = { ...policy, mustCharacterList: ['UPPER_CASE' as const, 'NUMBER' as const] };
    expect(passwordTips(must, 'zh')[2]).toBe('必须包含大写字母、数字');
    expect(passwordTips(must, 'en')[2]).toBe('Must include upper-case letters, digits');
    expect(passwordProblemText({ kind: 'sameAsOld' }, policy, 'en')).toBe(
      'Old password and new password cannot be the same',
    );
  });
});
