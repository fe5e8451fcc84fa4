/** The tenant's profile fields on the server: the shared checker, worded in the user's language. */
import {
  type AccountPolicy,
  type Lang,
  type ProfileField,
  checkProfile,
  profileProblemText,
} from '@tessera/shared';
import { AppError } from '../../http/errors.ts';
import type { Tenant } from '../tenancy/service.ts';
import { passwordPolicyOf } from './password-change.ts';

export function profileFieldsOf(tenant: Tenant): ProfileField[] {
  return tenant.settings.profileFields ?? [];
}

/** What the apps check before sending (GET /config/accountPolicy and the page bootstrap). */
export function accountPolicyOf(tenant: Tenant): AccountPolicy {
  return { passwordPolicy: passwordPolicyOf(tenant), profileFields: profileFieldsOf(tenant) };
}

/**
 * The values of the chosen fields, checked; keys the tenant does not define are dropped. The first
 * problem answers PROFILE.0001 with the field's label and the hint.
 */
export function checkedProfile(
  tenant: Tenant,
  values: Record<string, string>,
  lang: Lang,
  include: (field: ProfileField) => boolean = () => true,
): Record<string, string> {
  const fields = profileFieldsOf(tenant).filter(include);
  const [first] = checkProfile(fields, values);
  if (first) {
    throw new AppError('PROFILE.0001', {
      label: first.field.label[lang],
      tip: profileProblemText(first.problem, first.field, lang),
    });
  }
  return Object.fromEntries(
    fields.filter((f) => (values[f.key] ?? '') !== '').map((f) => [f.key, values[f.key]!]),
  );
}
