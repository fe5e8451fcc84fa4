/**
 * Agreements (specification section 7, /config/agreement): each tenant publishes versions of its
 * agreements (user agreement, privacy policy ...); the highest version of a code is current, and
 * a user who has not signed the current version is asked to at the next login.
 */
import { randomUUID } from 'node:crypto';
import type { AgreementView, Lang } from '@tessera/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AgreementTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type Agreement = Selectable<AgreementTable>;

export interface NewAgreement {
  code: string;
  title: string;
  titleEn: string;
  content: string;
  contentEn: string;
}

type Reader = Pick<Db, 'selectFrom'>;

export function toAgreementView(a: Agreement, lang: Lang): AgreementView {
  return {
    id: a.id,
    code: a.code,
    version: a.version,
    title: lang === 'en' ? a.title_en : a.title,
    content: lang === 'en' ? a.content_en : a.content,
    publishedAt: a.published_at,
  };
}

export class AgreementService {
  constructor(private readonly db: Db) {}

  /** The current version of each agreement of the tenant, by code. */
  async current(tenantId: string, db: Reader = this.db): Promise<Agreement[]> {
    const rows = await db
      .selectFrom('agreements')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .orderBy('version', 'desc')
      .execute();
    return rows.filter((row, i) => i === 0 || rows[i - 1]!.code !== row.code);
  }

  /** Current versions the user has not signed yet. */
  async unsigned(tenantId: string, userId: string, db: Reader = this.db): Promise<Agreement[]> {
    const current = await this.current(tenantId, db);
    if (current.length === 0) return [];
    const signed = await db
      .selectFrom('agreement_signatures')
      .select('agreement_id')
      .where('user_id', '=', userId)
      .where(
        'agreement_id',
        'in',
        current.map((a) => a.id),
      )
      .execute();
    const done = new Set(signed.map((s) => s.agreement_id));
    return current.filter((a) => !done.has(a.id));
  }

  /** A new version of an agreement (version 1 for a new code). */
  async publish(tenantId: string, input: NewAgreement): Promise<Agreement> {
    return this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('agreements')
        .select((eb) => eb.fn.max('version').as('v'))
        .where('tenant_id', '=', tenantId)
        .where('code', '=', input.code)
        .executeTakeFirst();
      const row: Agreement = {
        id: randomUUID(),
        tenant_id: tenantId,
        code: input.code,
        version: Number(last?.v ?? 0) + 1,
        title: input.title,
        title_en: input.titleEn,
        content: input.content,
        content_en: input.contentEn,
        published_at: Date.now(),
      };
      await trx.insertInto('agreements').values(row).execute();
      return row;
    });
  }

  /**
   * Signs current versions for a user. An id that is not a current version of this tenant (an
   * old version, another tenant's, made up) is refused: the user must read what is in force.
   */
  async sign(
    tenantId: string,
    userId: string,
    ids: string[],
    ip: string,
    db: Pick<Db, 'selectFrom' | 'insertInto'> = this.db,
  ): Promise<void> {
    const current = new Set((await this.current(tenantId, db)).map((a) => a.id));
    if (ids.some((id) => !current.has(id))) throw new AppError('AGREEMENT.0001');
    const now = Date.now();
    for (const id of new Set(ids)) {
      await db
        .insertInto('agreement_signatures')
        .values({ user_id: userId, agreement_id: id, signed_at: now, ip })
        .onConflict((oc) => oc.columns(['user_id', 'agreement_id']).doNothing())
        .execute();
    }
  }
}
