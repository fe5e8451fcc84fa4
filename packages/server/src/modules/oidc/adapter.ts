/**
 * Storage of the OpenID Connect provider's records (sessions, interactions, codes, tokens,
 * grants) in the SQL table `oidc_payloads`, one adapter instance per model as oidc-provider
 * expects. Clients are not stored here: they come from the applications table.
 *
 * The ids of these records are the opaque tokens, codes and session ids themselves, and the
 * payloads repeat them: rows are kept under a SHA-256 of the id and with the payload sealed
 * (modules/secrets), so a copy of the table hands out no live token. Rows written before that
 * are still found under their plain id until they expire.
 */
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/index.ts';
import type { SecretBox } from '../secrets/box.ts';

/** The column the provider's records are sealed for (modules/secrets). */
export const OIDC_PAYLOAD = 'oidc_payloads.payload';

const stored = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * A payload as read from its row (sealed, or plain from before sealing); undefined when sealed
 * under a key this process no longer has: a record of a retired key is as good as gone.
 */
export function openPayload(box: SecretBox, text: string): AdapterPayload | undefined {
  try {
    return JSON.parse(box.open(text, OIDC_PAYLOAD)) as AdapterPayload;
  } catch {
    return undefined;
  }
}

export function sqlAdapter(db: Db, box: SecretBox) {
  return class SqlAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id: stored(id),
        payload: box.seal(JSON.stringify(payload), OIDC_PAYLOAD),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ? stored(payload.uid) : null,
        account_id: payload.accountId ?? null,
        expires_at: expiresIn ? Date.now() + expiresIn * 1000 : null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            uid: row.uid,
            account_id: row.account_id,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      // The device flow is not enabled: there are no user codes.
      return undefined;
    }

    async consume(id: string): Promise<void> {
      const found = await this.find(id);
      if (!found) return;
      await this.upsert(id, { ...found, consumed: Math.floor(Date.now() / 1000) }, this.remaining(found));
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('oidc_payloads')
        .where('model', '=', this.model)
        .where('id', 'in', [stored(id), id])
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }

    private async findBy(column: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, 'in', [stored(value), value])
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && Number(row.expires_at) <= Date.now())) return undefined;
      return openPayload(box, row.payload);
    }

    private remaining(payload: AdapterPayload): number {
      return payload.exp ? Math.max(payload.exp - Math.floor(Date.now() / 1000), 1) : 0;
    }
  };
}
