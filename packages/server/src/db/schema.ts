/** Table types for Kysely. Times are epoch milliseconds; JSON is stored as text on both databases. */
import type { Generated } from 'kysely';

export interface TenantTable {
  id: string;
  code: string;
  name: string;
  name_en: string;
  status: 'active' | 'disabled';
  /** JSON: overrides of the enterprise login config. */
  login_config: string;
  /** JSON: brand fields (logo, copyright, record number ...). */
  brand: string;
  /** JSON: per page type, a template key or an options object. */
  ui_config: string;
  /** JSON, never sent to browsers: senders and their secrets, message texts, policies. */
  settings: Generated<string>;
  created_at: number;
}

export interface TenantDomainTable {
  host: string;
  tenant_id: string;
}

export interface TenantKeyTable {
  id: string;
  tenant_id: string;
  public_pem: string;
  private_pem: string;
  active: number;
  created_at: number;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  username: string;
  /** Lower-cased username: logins are case-insensitive, uniqueness too. */
  username_key: string;
  display_name: string;
  email: string | null;
  mobile: string | null;
  password_hash: string | null;
  status: 'active' | 'disabled';
  password_changed_at: number | null;
  created_at: number;
  updated_at: number;
  /** JSON object: values of the tenant's profile fields. */
  profile: Generated<string>;
  /** 1 when an administrator asked for a password change at the next login. */
  must_change_password: Generated<number>;
}

/** Earlier password hashes of a user, for the policy's no-reuse rule. */
export interface PasswordHistoryTable {
  user_id: string;
  password_hash: string;
  created_at: number;
}

/** One version of one of a tenant's agreements; the highest version of a code is current. */
export interface AgreementTable {
  id: string;
  tenant_id: string;
  code: string;
  version: number;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  published_at: number;
}

export interface AgreementSignatureTable {
  user_id: string;
  agreement_id: string;
  signed_at: number;
  ip: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie secret: a database leak does not hand out live sessions. */
  id_hash: string;
  public_id: string;
  tenant_id: string;
  user_id: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  absolute_expires_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: string | null;
  username: string;
  operation: string;
  result: 'success' | 'failure';
  code: string;
  ip: string;
  device: string;
  user_agent: string;
  detail: string;
  created_at: number;
}

/** Short-lived state (replay cache, failure counters): see modules/ephemeral. */
export interface EphemeralTable {
  k: string;
  v: string;
  expires_at: number;
}

/** Tenant admin API tokens, stored as SHA-256 like session ids. */
export interface AdminTokenTable {
  id: string;
  tenant_id: string;
  token_hash: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** Messages kept by the outbox sender instead of being delivered. */
export interface OutboxTable {
  id: Generated<number>;
  tenant_id: string;
  channel: string;
  recipient: string;
  purpose: string;
  subject: string;
  body: string;
  created_at: number;
}

/** A user's TOTP key (RFC 6238). */
export interface OtpCredentialTable {
  user_id: string;
  secret: string;
  algorithm: string;
  digits: number;
  period: number;
  last_step: Generated<number>;
  created_at: number;
}

/** A user's FIDO2 key: the credential id (base64url) and its COSE public key (base64url). */
export interface Fido2CredentialTable {
  id: string;
  user_id: string;
  public_key: string;
  sign_count: number;
  /** JSON array of transports the browser reported. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** Devices (fingerprints) and IP addresses a user signed in from, for the second-factor policy. */
export interface KnownDeviceTable {
  user_id: string;
  kind: 'device' | 'ip';
  value: string;
  last_seen_at: number;
}

/** The phone (a mobile portal session's device) that approves a user's logins. */
export interface AuthenticatorDeviceTable {
  user_id: string;
  device: string;
  user_agent: string;
  bound_at: number;
}

/** An application (OpenID Connect client) of a tenant. */
export interface ApplicationTable {
  client_id: string;
  tenant_id: string;
  name: string;
  name_en: string;
  logo: string;
  /** Confidential clients only; public clients use PKCE alone. */
  client_secret: string | null;
  metadata: string;
  mfa: Generated<string>;
  status: 'active' | 'disabled';
  created_at: number;
}

/** An account of an application that users sign in as: own, shared, or entrusted. */
export interface AppAccountTable {
  id: string;
  client_id: string;
  name: string;
  kind: 'own' | 'shared' | 'entrusted';
  created_at: number;
}

export interface AppAccountUserTable {
  account_id: string;
  user_id: string;
  /** owner or member (own, shared); principal or consignor (entrusted). */
  role: 'owner' | 'member' | 'principal' | 'consignor';
}

/** The account a user chose for an application: it is in that application's claims. */
export interface AppAccountChoiceTable {
  user_id: string;
  client_id: string;
  account_id: string;
}

/** A tenant's OpenID Connect keys: signing JWKs (newest signs) and the cookie secret. */
export interface OidcKeyTable {
  kid: string;
  tenant_id: string;
  use: 'sig' | 'cookie';
  material: string;
  created_at: number;
}

/** The OpenID Connect provider's own records (sessions, codes, tokens, grants, interactions). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  account_id: string | null;
  expires_at: number | null;
}

export interface Database {
  applications: ApplicationTable;
  app_accounts: AppAccountTable;
  app_account_users: AppAccountUserTable;
  app_account_choices: AppAccountChoiceTable;
  oidc_keys: OidcKeyTable;
  oidc_payloads: OidcPayloadTable;
  otp_credentials: OtpCredentialTable;
  fido2_credentials: Fido2CredentialTable;
  known_devices: KnownDeviceTable;
  authenticator_devices: AuthenticatorDeviceTable;
  password_history: PasswordHistoryTable;
  agreements: AgreementTable;
  agreement_signatures: AgreementSignatureTable;
  outbox: OutboxTable;
  admin_tokens: AdminTokenTable;
  tenants: TenantTable;
  tenant_domains: TenantDomainTable;
  tenant_keys: TenantKeyTable;
  users: UserTable;
  sessions: SessionTable;
  audit_log: AuditLogTable;
  ephemeral: EphemeralTable;
}
