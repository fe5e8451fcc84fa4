/**
 * `cli secrets reseal`: every stored secret under the current key, whether it was written before
 * sealing existed (plain) or under SECRET_KEY_PREVIOUS. One transaction: all or nothing.
 */
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/index.ts';
import { CLIENT_SECRET } from '../applications/service.ts';
import { PRIVATE_PEM } from '../crypto/service.ts';
import { OIDC_PAYLOAD } from '../oidc/adapter.ts';
import { MATERIAL } from '../oidc/keys.ts';
import { OTP_SECRET } from '../otp/service.ts';
import { type TenantSettings, mapSecretFields } from '../tenancy/settings.ts';
import type { SecretBox } from './box.ts';

export interface ResealCounts {
  senderSecrets: number;
  clientSecrets: number;
  otpSeeds: number;
  tenantKeys: number;
  oidcKeys: number;
  oidcRecords: number;
}

export async function resealAll(db: Db, box: SecretBox): Promise<ResealCounts> {
  return db.transaction().execute(async (trx) => {
    const counts = { senderSecrets: await resealSettings(trx, box) } as ResealCounts;
    for (const c of COLUMNS) counts[c.kind] = await resealColumn(trx, box, c);
    return counts;
  });
}

type Trx = Kysely<Database>;

async function resealSettings(trx: Trx, box: SecretBox): Promise<number> {
  let count = 0;
  for (const row of await trx.selectFrom('tenants').select(['id', 'settings']).execute()) {
    let changed = 0;
    const settings = mapSecretFields(JSON.parse(row.settings) as TenantSettings, (value, purpose) => {
      if (box.isCurrent(value)) return value;
      changed++;
      return box.reseal(value, purpose);
    });
    if (!changed) continue;
    await trx
      .updateTable('tenants')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', row.id)
      .execute();
    count += changed;
  }
  return count;
}

/** The columns that hold one sealed secret per row, with the key of the row. */
const COLUMNS = [
  {
    kind: 'clientSecrets',
    table: 'applications',
    id: 'client_id',
    column: 'client_secret',
    purpose: CLIENT_SECRET,
  },
  { kind: 'otpSeeds', table: 'otp_credentials', id: 'user_id', column: 'secret', purpose: OTP_SECRET },
  { kind: 'tenantKeys', table: 'tenant_keys', id: 'id', column: 'private_pem', purpose: PRIVATE_PEM },
  { kind: 'oidcKeys', table: 'oidc_keys', id: 'kid', column: 'material', purpose: MATERIAL },
  // The provider's sessions and tokens: their ids are hashes, unique across its models.
  { kind: 'oidcRecords', table: 'oidc_payloads', id: 'id', column: 'payload', purpose: OIDC_PAYLOAD },
] as const;

/** Table and column names vary per entry: Kysely cannot type that, so the names are cast. */
async function resealColumn(trx: Trx, box: SecretBox, c: (typeof COLUMNS)[number]): Promise<number> {
  const rows = (await trx
    .selectFrom(c.table)
    .select([`${c.id} as id`, `${c.column} as value`] as never)
    .execute()) as unknown as { id: string; value: string | null }[];
  let count = 0;
  for (const { id, value } of rows) {
    if (value === null || box.isCurrent(value)) continue;
    await trx
      .updateTable(c.table)
      .set({ [c.column]: box.reseal(value, c.purpose) } as never)
      .where(c.id as never, '=', id as never)
      .execute();
    count++;
  }
  return count;
}
