/**
 * Sessions (DESIGN section 5): a random 256-bit secret in an HttpOnly cookie, stored only as its
 * SHA-256, bound to one tenant, with idle and absolute lifetimes. A login always makes a new
 * session, so a session id planted before login is worthless (no fixation).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { SessionTable } from '../../db/schema.ts';

export const SESSION_COOKIE = 'tessera_sid';
/** Refresh last_seen_at at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export type Session = SessionTable;

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  get idleMs() {
    return this.config.SESSION_IDLE_MINUTES * 60_000;
  }

  /** Creates a session; answers the cookie secret (never stored) and the row. */
  async create(
    input: { tenantId: string; userId: string; ip: string; userAgent: string },
    db: Pick<Db, 'insertInto'> = this.db,
  ): Promise<{ secret: string; session: Session }> {
    const secret = randomBytes(32).toString('base64url');
    const now = Date.now();
    const session: Session = {
      id_hash: digest(secret),
      public_id: randomBytes(12).toString('base64url'),
      tenant_id: input.tenantId,
      user_id: input.userId,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 512),
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.idleMs,
      absolute_expires_at: now + this.config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    };
    await db.insertInto('sessions').values(session).execute();
    return { secret, session };
  }

  /** The live session of this cookie secret in this tenant, or undefined. */
  async read(tenantId: string, secret: string | undefined): Promise<Session | undefined> {
    if (!secret || secret.length > 100) return undefined;
    const now = Date.now();
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id_hash', '=', digest(secret))
      .executeTakeFirst();
    if (!session || session.tenant_id !== tenantId) return undefined;
    if (session.expires_at <= now || session.absolute_expires_at <= now) {
      await this.db.deleteFrom('sessions').where('id_hash', '=', session.id_hash).execute();
      return undefined;
    }
    if (now - session.last_seen_at > TOUCH_EVERY_MS) {
      const expires_at = Math.min(now + this.idleMs, session.absolute_expires_at);
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now, expires_at })
        .where('id_hash', '=', session.id_hash)
        .execute();
      session.last_seen_at = now;
      session.expires_at = expires_at;
    }
    return session;
  }

  async destroy(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  async destroyAllOf(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  cookieOptions(secure: boolean) {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure,
      maxAge: this.config.SESSION_ABSOLUTE_HOURS * 3600,
    };
  }
}
