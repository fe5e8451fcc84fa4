/**
 * Tenancy: which enterprise a request belongs to, and the enterprise's settings. Host lookups are
 * cached for a few seconds because every request needs one; admin changes show within that time.
 */
import { randomUUID } from 'node:crypto';
import {
  type Brand,
  DEFAULT_BRAND,
  DEFAULT_LOGIN_CONFIG,
  type EntLoginConfig,
  TENANT_CODE_PATTERN,
  type UiConfigData,
  type UiConfigType,
  isHideFindPassword,
} from '@tessera/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Selectable } from 'kysely';
import type { TenantTable } from '../../db/schema.ts';
import { type TenantSettings, mapSecretFields } from './settings.ts';
import type { CryptoService } from '../crypto/service.ts';
import type { SecretBox } from '../secrets/box.ts';

export interface Tenant {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  status: 'active' | 'disabled';
  loginConfig: EntLoginConfig;
  brand: Brand;
  uiConfig: Partial<Record<UiConfigType, UiConfigData>>;
  /** Server-only: senders with their secrets, message texts, policies. Never sent to a browser. */
  settings: TenantSettings;
}

export interface NewTenant {
  code: string;
  name: string;
  nameEn?: string;
  loginConfig?: Partial<EntLoginConfig>;
  brand?: Partial<Brand>;
  domains?: string[];
}

const CACHE_MS = 5_000;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return { ...fallback, ...(JSON.parse(text) as Partial<T>) };
  } catch {
    return fallback;
  }
}

/** The stored settings with their sender secrets opened: only the row holds them sealed. */
function settingsOf(text: string, box: SecretBox): TenantSettings {
  return mapSecretFields(parseJson<TenantSettings>(text, {}), (v, purpose) => box.open(v, purpose));
}

function toTenant(row: Selectable<TenantTable>, box: SecretBox): Tenant {
  const stored = parseJson(row.login_config, DEFAULT_LOGIN_CONFIG);
  const brand = parseJson(row.brand, DEFAULT_BRAND);
  const loginConfig: EntLoginConfig = {
    ...stored,
    headerTitle: stored.headerTitle || row.name,
    isHideFindPassword: isHideFindPassword(stored),
  };
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.name_en,
    status: row.status,
    loginConfig,
    brand: { ...brand, name: brand.name || row.name, brandName: brand.brandName || row.name },
    uiConfig: parseJson(row.ui_config, {}),
    settings: settingsOf(row.settings, box),
  };
}

export class TenancyService {
  private cache = new Map<string, { tenant: Tenant | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly crypto: CryptoService,
    private readonly secrets: SecretBox,
  ) {}

  /** The tenant code a host names, or undefined for a custom host (looked up in tenant_domains). */
  codeFromHost(host: string): string | undefined {
    const name = host
      .toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    const base = this.config.BASE_DOMAIN;
    // The bare base host and direct IP access serve the default tenant.
    if (name === base || /^[\d.]+$/.test(name) || name.includes(':')) return this.config.DEFAULT_TENANT;
    if (name.endsWith(`.${base}`)) {
      const label = name.slice(0, -base.length - 1);
      return TENANT_CODE_PATTERN.test(label) ? label : '';
    }
    return undefined;
  }

  async resolveHost(host: string): Promise<Tenant | null> {
    const hit = this.cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.tenant;
    const code = this.codeFromHost(host);
    let tenant: Tenant | null;
    if (code === '') tenant = null;
    else if (code !== undefined) tenant = await this.getByCode(code);
    else tenant = await this.getByDomain(host.toLowerCase().replace(/:\d+$/, ''));
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(host, { tenant, at: Date.now() });
    return tenant;
  }

  async getByCode(code: string): Promise<Tenant | null> {
    const row = await this.db
      .selectFrom('tenants')
      .selectAll()
      .where('code', '=', code.toLowerCase())
      .executeTakeFirst();
    return row ? toTenant(row, this.secrets) : null;
  }

  private async getByDomain(host: string): Promise<Tenant | null> {
    const row = await this.db
      .selectFrom('tenant_domains')
      .innerJoin('tenants', 'tenants.id', 'tenant_domains.tenant_id')
      .selectAll('tenants')
      .where('tenant_domains.host', '=', host)
      .executeTakeFirst();
    return row ? toTenant(row, this.secrets) : null;
  }

  async list(): Promise<Tenant[]> {
    const rows = await this.db.selectFrom('tenants').selectAll().orderBy('code').execute();
    return rows.map((row) => toTenant(row, this.secrets));
  }

  /** Creates a tenant with its first RSA key pair, in one transaction. */
  async create(input: NewTenant): Promise<Tenant> {
    const code = input.code.toLowerCase();
    if (!TENANT_CODE_PATTERN.test(code))
      throw new Error(`Invalid tenant code "${input.code}": use lower-case letters, digits and hyphens`);
    if (await this.getByCode(code)) throw new Error(`Tenant "${code}" already exists`);
    const id = randomUUID();
    const keys = await this.crypto.generateKeyPair();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('tenants')
        .values({
          id,
          code,
          name: input.name,
          name_en: input.nameEn ?? input.name,
          status: 'active',
          login_config: JSON.stringify(input.loginConfig ?? {}),
          brand: JSON.stringify(input.brand ?? {}),
          ui_config: '{}',
          created_at: Date.now(),
        })
        .execute();
      for (const host of input.domains ?? []) {
        await trx.insertInto('tenant_domains').values({ host: host.toLowerCase(), tenant_id: id }).execute();
      }
      await this.crypto.storeKeyPair(trx, id, keys);
    });
    this.cache.clear();
    return (await this.getByCode(code))!;
  }

  async setStatus(code: string, status: 'active' | 'disabled'): Promise<void> {
    const res = await this.db
      .updateTable('tenants')
      .set({ status })
      .where('code', '=', code)
      .executeTakeFirst();
    if (!res.numUpdatedRows) throw new Error(`No tenant "${code}"`);
    this.cache.clear();
  }

  /** Replaces one page's theme (null: back to the default template). */
  async setPageTheme(tenantId: string, type: UiConfigType, value: UiConfigData): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('tenants')
        .select('ui_config')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      const themes = parseJson<Record<string, UiConfigData>>(row.ui_config, {});
      if (value === null) delete themes[type];
      else themes[type] = value;
      await trx
        .updateTable('tenants')
        .set({ ui_config: JSON.stringify(themes) })
        .where('id', '=', tenantId)
        .execute();
    });
    this.cache.clear();
  }

  /** Merges checked fields into a tenant's server-side settings. */
  async updateSettings(tenantId: string, patch: Partial<TenantSettings>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('tenants')
        .select('settings')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      const box = this.secrets;
      const merged = { ...settingsOf(row.settings, box), ...patch };
      const sealed = mapSecretFields(merged, (v, purpose) => box.seal(v, purpose));
      await trx
        .updateTable('tenants')
        .set({ settings: JSON.stringify(sealed) })
        .where('id', '=', tenantId)
        .execute();
    });
    this.cache.clear();
  }

  /** Merges checked fields into a tenant's enterprise login config. */
  async updateLoginConfig(tenantId: string, patch: Partial<EntLoginConfig>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('tenants')
        .select('login_config')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      const merged = { ...parseJson<Partial<EntLoginConfig>>(row.login_config, {}), ...patch };
      await trx
        .updateTable('tenants')
        .set({ login_config: JSON.stringify(merged) })
        .where('id', '=', tenantId)
        .execute();
    });
    this.cache.clear();
  }

  /** The address of a tenant's login page, on the scheme and port the caller used. */
  loginUrl(tenant: Tenant, protocol: string, requestHost: string, app: 'pc' | 'mobile' = 'pc'): string {
    const port = /:(\d+)$/.exec(requestHost)?.[1];
    const host = `${tenant.code === this.config.DEFAULT_TENANT ? '' : `${tenant.code}.`}${this.config.BASE_DOMAIN}`;
    return `${protocol}://${host}${port ? `:${port}` : ''}/${app}/authentication/login`;
  }
}
