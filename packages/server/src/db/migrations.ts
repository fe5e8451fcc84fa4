/**
 * Migrations, in code so that the same list runs on SQLite and PostgreSQL. Only portable column
 * types are used: text, integer/bigint, and an identity column for the audit log.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tenants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('login_config', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('ui_config', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tenant_domains')
        .addColumn('host', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createTable('tenant_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('public_pem', 'text', (c) => c.notNull())
        .addColumn('private_pem', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tenant_keys_tenant')
        .on('tenant_keys')
        .columns(['tenant_id', 'active'])
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('mobile', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('password_changed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_tenant_username', ['tenant_id', 'username_key'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', (c) =>
          isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_tenant_time')
        .on('audit_log')
        .columns(['tenant_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('ephemeral')
        .addColumn('k', 'text', (c) => c.primaryKey())
        .addColumn('v', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ephemeral_expiry').on('ephemeral').column('expires_at').execute();
    },
  },
  '0002_admin_tokens': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('admin_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
    },
  },
  '0003_verification': {
    async up(db: Kysely<any>) {
      // Server-only tenant settings (senders and their secrets, message texts, policies).
      await db.schema
        .alterTable('tenants')
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', (c) =>
          isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_tenant_mobile')
        .on('users')
        .columns(['tenant_id', 'mobile'])
        .execute();
      await db.schema.createIndex('users_tenant_email').on('users').columns(['tenant_id', 'email']).execute();
      await db.schema.createIndex('outbox_tenant_time').on('outbox').columns(['tenant_id', 'id']).execute();
    },
  },
  '0004_account_flows': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      // Set by an administrator: the next login must change the password, whatever its age.
      await db.schema
        .alterTable('users')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('password_history')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_history_user')
        .on('password_history')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('agreements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_en', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_en', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('agreements_tenant_code_version', ['tenant_id', 'code', 'version'])
        .execute();
      await db.schema
        .createTable('agreement_signatures')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('agreement_id', 'text', (c) => c.notNull().references('agreements.id').onDelete('cascade'))
        .addColumn('signed_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('agreement_signatures_pk', ['user_id', 'agreement_id'])
        .execute();
    },
  },
  '0005_second_factors': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('otp_credentials')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('algorithm', 'text', (c) => c.notNull())
        .addColumn('digits', 'integer', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        // The time step of the last accepted code: a code is good once.
        .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fido2_credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('fido2_credentials_user')
        .on('fido2_credentials')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('known_devices')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'kind', 'value'])
        .execute();
      await db.schema
        .createTable('authenticator_devices')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('bound_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0006_applications': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('applications')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('logo', 'text', (c) => c.notNull())
        .addColumn('client_secret', 'text')
        // JSON: redirect_uris, post_logout_redirect_uris, backchannel_logout_uri ...
        .addColumn('metadata', 'text', (c) => c.notNull())
        // JSON: the application's second-factor policy { when, factors }.
        .addColumn('mfa', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('applications_tenant').on('applications').column('tenant_id').execute();
      await db.schema
        .createTable('app_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('client_id', 'text', (c) =>
          c.notNull().references('applications.client_id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('app_account_users')
        .addColumn('account_id', 'text', (c) => c.notNull().references('app_accounts.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_account_users_pk', ['account_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('app_account_choices')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_id', 'text', (c) =>
          c.notNull().references('applications.client_id').onDelete('cascade'),
        )
        .addColumn('account_id', 'text', (c) => c.notNull().references('app_accounts.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('app_account_choices_pk', ['user_id', 'client_id'])
        .execute();
      await db.schema
        .createTable('oidc_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
        .addColumn('use', 'text', (c) => c.notNull())
        .addColumn('material', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('oidc_payloads')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('account_id', 'text')
        .addColumn('expires_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
      await db.schema
        .createIndex('oidc_payloads_account')
        .on('oidc_payloads')
        .columns(['model', 'account_id'])
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`,
    );
  }
}
