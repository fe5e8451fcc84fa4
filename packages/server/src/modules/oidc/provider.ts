/**
 * Every tenant is an OpenID Connect provider (oidc-provider) at /oidc on its own host: authorization
 * code with PKCE, refresh tokens, userinfo, RP-initiated and back-channel logout. The portal does
 * the authenticating: every authorization goes to /oidc/interaction/{uid}, which signs the user in
 * through the login pages and the ENTER_APPLICATION flow before the provider issues a code.
 */
import Provider, {
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
  interactionPolicy,
} from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { AccountService } from '../accounts/service.ts';
import type { ApplicationService } from '../applications/service.ts';
import { metadataOf } from '../applications/service.ts';
import { SESSION_COOKIE, type SessionService } from '../sessions/service.ts';
import type { Tenant } from '../tenancy/service.ts';
import { openPayload, sqlAdapter } from './adapter.ts';
import type { SecretBox } from '../secrets/box.ts';
import type { OidcKeys } from './keys.ts';

export const OIDC_PREFIX = '/oidc';
/** How long a built provider is used before its keys are looked at again (a rotation elsewhere). */
const REFRESH_MS = 30_000;
/** Providers kept at once (tenants times the origins they are reached at). */
const MAX_BUILT = 200;

const { Prompt, Check } = interactionPolicy;

/**
 * One prompt: the portal decides. An authorization always goes to the interaction, except when it
 * comes back from one with the portal's result.
 */
const portalPolicy = [
  new Prompt(
    { name: 'login', requestable: true },
    new Check('portal', 'the portal signs the user in for each application', (ctx: KoaContextWithOIDC) =>
      ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
    ),
  ),
];

interface Built {
  provider: Provider;
  kid: string;
  checkedAt: number;
}

export class OidcProviders {
  private readonly built = new Map<string, Promise<Built>>();

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      keys: OidcKeys;
      secrets: SecretBox;
      accounts: AccountService;
      applications: ApplicationService;
      sessions: SessionService;
    },
  ) {}

  /**
   * The portal session ended (/logout/{Id}): the provider's sessions of the account end too, and
   * every application that asked for it hears so by back-channel logout.
   */
  async logoutEverywhere(tenant: Tenant, origin: string, accountId: string): Promise<void> {
    const provider = await this.get(tenant, origin);
    const rows = await this.deps.db
      .selectFrom('oidc_payloads')
      .select(['id', 'payload'])
      .where('model', '=', 'Session')
      .where('account_id', '=', accountId)
      .execute();
    for (const row of rows) {
      const { authorizations = {} } = (openPayload(this.deps.secrets, row.payload) ?? {}) as {
        authorizations?: Record<string, { sid?: string; grantId?: string }>;
      };
      for (const [clientId, { sid, grantId }] of Object.entries(authorizations)) {
        // The library's Client has backchannelLogout(sub, sid); its types do not say so.
        const client = (await provider.Client.find(clientId)) as
          | { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> }
          | undefined;
        if (client?.backchannelLogoutUri && sid)
          await client.backchannelLogout(accountId, sid).catch(() => undefined);
        if (grantId) await this.deps.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
      }
      await this.deps.db
        .deleteFrom('oidc_payloads')
        .where('model', '=', 'Session')
        .where('id', '=', row.id)
        .execute();
    }
  }

  /** The provider of a tenant as reached at an origin (its issuer is `${origin}/oidc`). */
  async get(tenant: Tenant, origin: string): Promise<Provider> {
    const cacheKey = `${tenant.id}|${origin}`;
    const cached = await this.built.get(cacheKey);
    if (cached && Date.now() - cached.checkedAt < REFRESH_MS) return cached.provider;
    const [newest] = await this.deps.keys.signing(tenant.id);
    if (cached && cached.kid === newest!.kid) {
      cached.checkedAt = Date.now();
      return cached.provider;
    }
    const building = this.build(tenant, origin);
    // The origin comes from the Host header: cap the cache so odd ports cannot grow it forever.
    if (this.built.size >= MAX_BUILT) this.built.delete(this.built.keys().next().value!);
    this.built.set(cacheKey, building);
    building.catch(() => this.built.delete(cacheKey));
    return (await building).provider;
  }

  private async build(tenant: Tenant, origin: string): Promise<Built> {
    const [keys, cookieKeys] = await Promise.all([
      this.deps.keys.signing(tenant.id),
      this.deps.keys.cookieKeys(tenant.id),
    ]);
    const provider = new Provider(`${origin}${OIDC_PREFIX}`, this.configuration(tenant, keys, cookieKeys));
    provider.proxy = this.deps.config.TRUST_PROXY;
    // RP-initiated logout that signs out of everything ends the portal session as well.
    provider.on('end_session.success', (ctx: KoaContextWithOIDC) => {
      if (!ctx.oidc.params?.logout) return;
      const secret = ctx.cookies.get(SESSION_COOKIE, { signed: false });
      ctx.cookies.set(SESSION_COOKIE, null, { path: '/', signed: false });
      void this.deps.sessions
        .read(tenant.id, secret)
        .then((session) => session && this.deps.sessions.destroy(session.id_hash))
        .catch(() => undefined);
    });
    return { provider, kid: keys[0]!.kid!, checkedAt: Date.now() };
  }

  private configuration(tenant: Tenant, keys: JWK[], cookieKeys: string[]): Configuration {
    const { db, accounts, applications } = this.deps;
    const Sql = sqlAdapter(db, this.deps.secrets);
    const clientAdapter = {
      /** Clients are this tenant's active applications: another tenant's id is unknown here. */
      async find(clientId: string) {
        const app = await applications.find(tenant.id, clientId);
        if (!app || app.status !== 'active') return undefined;
        const meta = metadataOf(app);
        return {
          client_id: app.client_id,
          client_name: app.name,
          ...(app.client_secret
            ? { client_secret: app.client_secret, token_endpoint_auth_method: 'client_secret_basic' }
            : { token_endpoint_auth_method: 'none' }),
          redirect_uris: meta.redirect_uris,
          post_logout_redirect_uris: meta.post_logout_redirect_uris,
          ...(meta.backchannel_logout_uri && {
            backchannel_logout_uri: meta.backchannel_logout_uri,
            backchannel_logout_session_required: true,
          }),
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        };
      },
      async upsert() {},
      async findByUid() {
        return undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume() {},
      async destroy() {},
      async revokeByGrantId() {},
    };
    return {
      adapter: ((model: string) =>
        model === 'Client' ? clientAdapter : new Sql(model)) as Configuration['adapter'],
      async findAccount(ctx, sub) {
        const user = await accounts.findById(tenant.id, sub);
        if (!user || user.status !== 'active') return undefined;
        const clientId = ctx.oidc.client?.clientId;
        return {
          accountId: sub,
          async claims() {
            const account = clientId ? await applications.chosen(clientId, user.id) : undefined;
            return {
              sub,
              name: user.display_name,
              preferred_username: user.username,
              ...(user.email && { email: user.email, email_verified: true }),
              ...(user.mobile && { phone_number: user.mobile, phone_number_verified: true }),
              ...(account && {
                app_account: { id: account.id, name: account.name, kind: account.kind, role: account.role },
              }),
            };
          },
        };
      },
      claims: {
        openid: ['sub'],
        profile: ['name', 'preferred_username', 'app_account'],
        email: ['email', 'email_verified'],
        phone: ['phone_number', 'phone_number_verified'],
      },
      scopes: ['openid', 'offline_access', 'profile', 'email', 'phone'],
      conformIdTokenClaims: false,
      jwks: { keys },
      cookies: { keys: cookieKeys },
      pkce: { required: () => true },
      interactions: {
        url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`,
        policy: portalPolicy as unknown as NonNullable<Configuration['interactions']>['policy'],
      },
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        userinfo: { enabled: true },
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      },
      ttl: {
        AccessToken: 3600,
        AuthorizationCode: 60,
        IdToken: 3600,
        RefreshToken: 14 * 86400,
        Interaction: 600,
        Session: 14 * 86400,
        Grant: 14 * 86400,
      },
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        ctx.body = page(
          'Sign-in error',
          `<h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p>`,
        );
      },
    };
  }
}

/** The sign-out confirmation of RP-initiated logout: the provider's form, in the portal's words. */
async function logoutSource(ctx: KoaContextWithOIDC, form: string) {
  ctx.type = 'html';
  ctx.body = page(
    '退出登录 / Sign out',
    `${form}<h1>退出登录？ / Sign out?</h1>
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">退出 / Sign out</button>
<button type="submit" form="op.logoutForm">取消 / Cancel</button>`,
  );
}

async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.type = 'html';
  ctx.body = page('已退出 / Signed out', '<h1>已退出登录 / You are signed out</h1>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;text-align:center}button{margin:.5rem;padding:.5rem 1.25rem}</style></head><body>${body}</body></html>`;
}
