/**
 * Storage of the OpenID Connect provider's records (sessions, interactions, codes, tokens,
 * grants) in the SQL table `oidc_payloads`, one adapter instance per model as oidc-provider
 * expects. Clients are not stored here: they come from the applications table.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/index.ts';

export function sqlAdapter(db: Db) {
  return class SqlAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
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
      await db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }

    private async findBy(column: 'id' | 'uid', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && Number(row.expires_at) <= Date.now())) return undefined;
      return JSON.parse(row.payload) as AdapterPayload;
    }

    private remaining(payload: AdapterPayload): number {
      return payload.exp ? Math.max(payload.exp - Math.floor(Date.now() / 1000), 1) : 0;
    }
  };
}
