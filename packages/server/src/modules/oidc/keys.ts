/**
 * A tenant's OpenID Connect keys, kept in the database: RSA signing keys (the newest signs, the
 * older ones stay published so tokens they signed still verify) and the secret that signs the
 * provider's cookies. `cli tenant rotate-signing-key` adds a new signing key.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Db } from '../../db/index.ts';
import type { SecretBox } from '../secrets/box.ts';

/** Signing keys kept per tenant: the newest and the ones before it, still published. */
const KEPT = 3;
/** The column key material is sealed for (modules/secrets). */
export const MATERIAL = 'oidc_keys.material';

export class OidcKeys {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  /** The signing keys, newest first; the first call makes one. */
  async signing(tenantId: string): Promise<JWK[]> {
    let rows = await this.rows(tenantId, 'sig');
    if (rows.length === 0) {
      await this.rotate(tenantId);
      rows = await this.rows(tenantId, 'sig');
    }
    return rows.map((r) => JSON.parse(this.open(r.material)) as JWK);
  }

  /** A new signing key; the oldest beyond KEPT are dropped. Answers the new key id. */
  async rotate(tenantId: string): Promise<string> {
    const kid = randomBytes(12).toString('base64url');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    await this.db
      .insertInto('oidc_keys')
      .values({
        kid,
        tenant_id: tenantId,
        use: 'sig',
        material: this.seal(JSON.stringify(jwk)),
        created_at: Date.now(),
      })
      .execute();
    const old = (await this.rows(tenantId, 'sig')).slice(KEPT);
    for (const row of old) await this.db.deleteFrom('oidc_keys').where('kid', '=', row.kid).execute();
    return kid;
  }

  /** The secret that signs the provider's cookies; made on first use. */
  async cookieKeys(tenantId: string): Promise<string[]> {
    let rows = await this.rows(tenantId, 'cookie');
    if (rows.length === 0) {
      const secret = randomBytes(32).toString('base64url');
      await this.db
        .insertInto('oidc_keys')
        .values({
          kid: `cookie-${tenantId}`,
          tenant_id: tenantId,
          use: 'cookie',
          material: this.seal(secret),
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column('kid').doNothing())
        .execute();
      rows = await this.rows(tenantId, 'cookie');
    }
    return rows.map((r) => this.open(r.material));
  }

  private seal(material: string): string {
    return this.secrets.seal(material, MATERIAL);
  }

  private open(material: string): string {
    return this.secrets.open(material, MATERIAL);
  }

  private rows(tenantId: string, use: 'sig' | 'cookie') {
    return this.db
      .selectFrom('oidc_keys')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('use', '=', use)
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute();
  }
}
