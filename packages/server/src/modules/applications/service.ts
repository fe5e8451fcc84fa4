/**
 * Applications: the OpenID Connect clients of a tenant, their second-factor policy, and the
 * application accounts users sign in as (own, shared, entrusted as principal or consignor).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppAccountView, ApplicationInfo, MfaMode, SecondFactor } from '@tessera/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AppAccountTable, ApplicationTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SecretBox } from '../secrets/box.ts';

export type Application = Selectable<ApplicationTable>;

/** The column client secrets are sealed for (modules/secrets). */
export const CLIENT_SECRET = 'applications.client_secret';

export interface ApplicationInput {
  name: string;
  nameEn?: string;
  logo?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string;
  /** A public client (a browser or native app) has no secret and relies on PKCE. */
  public?: boolean;
  mfa?: { when?: MfaMode; factors?: SecondFactor[] };
}

export interface ClientMetadataRow {
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  backchannel_logout_uri?: string;
}

export function metadataOf(app: Application): ClientMetadataRow {
  return JSON.parse(app.metadata) as ClientMetadataRow;
}

export function mfaOf(app: Application): { when?: MfaMode; factors?: SecondFactor[] } {
  return JSON.parse(app.mfa) as { when?: MfaMode; factors?: SecondFactor[] };
}

export class ApplicationService {
  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
  ) {}

  async list(tenantId: string): Promise<Application[]> {
    const rows = await this.db
      .selectFrom('applications')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => this.opened(row));
  }

  /** An application of this tenant (any status), or undefined: another tenant's id is unknown here. */
  async find(tenantId: string, clientId: string): Promise<Application | undefined> {
    const row = await this.db
      .selectFrom('applications')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row && this.opened(row);
  }

  /** Callers see the secret itself; only the stored row holds it sealed. */
  private opened(row: Application): Application {
    if (row.client_secret === null) return row;
    return { ...row, client_secret: this.secrets.open(row.client_secret, CLIENT_SECRET) };
  }

  /** Creates an application; answers it with its secret (shown once by the CLI and admin API). */
  async create(tenantId: string, input: ApplicationInput, clientId?: string): Promise<Application> {
    const id = clientId ?? `app_${randomBytes(9).toString('base64url')}`;
    if (
      await this.db
        .selectFrom('applications')
        .select('client_id')
        .where('client_id', '=', id)
        .executeTakeFirst()
    )
      throw new Error(`Client id "${id}" is taken`);
    const row: Application = {
      client_id: id,
      tenant_id: tenantId,
      name: input.name,
      name_en: input.nameEn ?? input.name,
      logo: input.logo ?? '',
      client_secret: input.public ? null : randomBytes(24).toString('base64url'),
      metadata: JSON.stringify(metadataInput(input)),
      mfa: JSON.stringify(input.mfa ?? {}),
      status: 'active',
      created_at: Date.now(),
    };
    const secret = row.client_secret && this.secrets.seal(row.client_secret, CLIENT_SECRET);
    await this.db
      .insertInto('applications')
      .values({ ...row, client_secret: secret })
      .execute();
    return row;
  }

  /** Changes the given fields; the secret and the kind (public or not) stay. */
  async update(tenantId: string, clientId: string, input: Partial<ApplicationInput>): Promise<Application> {
    const app = await this.find(tenantId, clientId);
    if (!app) throw new AppError('APP.0001');
    const current = metadataOf(app);
    const metadata = metadataInput({
      name: app.name,
      redirectUris: input.redirectUris ?? current.redirect_uris,
      postLogoutRedirectUris: input.postLogoutRedirectUris ?? current.post_logout_redirect_uris,
      backchannelLogoutUri: input.backchannelLogoutUri ?? current.backchannel_logout_uri,
    });
    await this.db
      .updateTable('applications')
      .set({
        name: input.name ?? app.name,
        name_en: input.nameEn ?? app.name_en,
        logo: input.logo ?? app.logo,
        metadata: JSON.stringify(metadata),
        mfa: JSON.stringify(input.mfa ?? mfaOf(app)),
      })
      .where('client_id', '=', clientId)
      .execute();
    return (await this.find(tenantId, clientId))!;
  }

  async setStatus(tenantId: string, clientId: string, status: Application['status']): Promise<void> {
    const res = await this.db
      .updateTable('applications')
      .set({ status })
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw new AppError('APP.0001');
  }

  /** What the login page shows of the application it signs in to (GET /config/authentication). */
  info(app: Application, lang: 'zh' | 'en'): ApplicationInfo {
    return { clientId: app.client_id, name: lang === 'en' ? app.name_en : app.name, logo: app.logo };
  }

  /** An application account with its users: own (one owner), shared (owner and members), entrusted. */
  async addAccount(
    app: Application,
    input: {
      name: string;
      kind: AppAccountTable['kind'];
      users: { userId: string; role: AppAccountView['role'] }[];
    },
  ): Promise<string> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('app_accounts')
        .values({ id, client_id: app.client_id, name: input.name, kind: input.kind, created_at: Date.now() })
        .execute();
      for (const u of input.users) {
        await trx
          .insertInto('app_account_users')
          .values({ account_id: id, user_id: u.userId, role: u.role })
          .execute();
      }
    });
    return id;
  }

  /** The accounts of an application a user may sign in as. */
  async accountsOf(clientId: string, userId: string): Promise<AppAccountView[]> {
    const rows = await this.db
      .selectFrom('app_accounts')
      .innerJoin('app_account_users', 'app_account_users.account_id', 'app_accounts.id')
      .select(['app_accounts.id', 'app_accounts.name', 'app_accounts.kind', 'app_account_users.role'])
      .where('app_accounts.client_id', '=', clientId)
      .where('app_account_users.user_id', '=', userId)
      .orderBy('app_accounts.created_at')
      .execute();
    return rows;
  }

  async choose(clientId: string, userId: string, accountId: string): Promise<void> {
    if (!(await this.accountsOf(clientId, userId)).some((a) => a.id === accountId))
      throw new AppError('APP.0002');
    await this.db
      .insertInto('app_account_choices')
      .values({ user_id: userId, client_id: clientId, account_id: accountId })
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ account_id: accountId }))
      .execute();
  }

  /** The account the user signs in to this application as: the chosen one, or the only one. */
  async chosen(clientId: string, userId: string): Promise<AppAccountView | undefined> {
    const accounts = await this.accountsOf(clientId, userId);
    if (accounts.length === 1) return accounts[0];
    const choice = await this.db
      .selectFrom('app_account_choices')
      .select('account_id')
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return accounts.find((a) => a.id === choice?.account_id);
  }
}

function metadataInput(input: ApplicationInput): ClientMetadataRow {
  return {
    redirect_uris: input.redirectUris,
    post_logout_redirect_uris: input.postLogoutRedirectUris ?? [],
    ...(input.backchannelLogoutUri && { backchannel_logout_uri: input.backchannelLogoutUri }),
  };
}
