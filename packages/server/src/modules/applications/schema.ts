/** What an admin may set on an application (CLI and admin API), checked before it is stored. */
import { MFA_MODES, SECOND_FACTORS } from '@tessera/shared';
import { z } from 'zod';

/** Redirect URIs are absolute http(s) URLs without fragments (RFC 6749 section 3.1.2). */
const uri = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((v) => !v.includes('#'), 'no fragment');

export const applicationInputSchema = z
  .object({
    name: z.string().min(1).max(64),
    nameEn: z.string().min(1).max(64).optional(),
    logo: z.string().max(2048).optional(),
    redirectUris: z.array(uri).min(1).max(20),
    postLogoutRedirectUris: z.array(uri).max(20).optional(),
    backchannelLogoutUri: uri.optional(),
    public: z.boolean().optional(),
    mfa: z
      .object({ when: z.enum(MFA_MODES), factors: z.array(z.enum(SECOND_FACTORS)).min(1).max(5) })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
