/**
 * Tenant admin tokens: long random secrets handed out once by the command line, stored as their
 * SHA-256, each bound to one tenant. The admin API accepts a token only on its own tenant's host.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export class AdminService {
  constructor(private readonly db: Db) {}

  /** Creates a token and answers it; it cannot be shown again. */
  async createToken(tenantId: string, name: string): Promise<string> {
    const token = `tsa_${randomBytes(32).toString('base64url')}`;
    await this.db
      .insertInto('admin_tokens')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        token_hash: digest(token),
        name,
        created_at: Date.now(),
        last_used_at: null,
      })
      .execute();
    return token;
  }

  /** True when the token belongs to this tenant. */
  async verify(tenantId: string, token: string | undefined): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const row = await this.db
      .selectFrom('admin_tokens')
      .select(['id', 'tenant_id', 'last_used_at'])
      .where('token_hash', '=', digest(token))
      .executeTakeFirst();
    if (!row || row.tenant_id !== tenantId) return false;
    const now = Date.now();
    if (!row.last_used_at || now - row.last_used_at > 60_000) {
      await this.db.updateTable('admin_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
    }
    return true;
  }

  async revokeAll(tenantId: string): Promise<number> {
    const res = await this.db.deleteFrom('admin_tokens').where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
