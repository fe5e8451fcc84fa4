/**
 * The admin command line: `npm run cli -- <command>`. It opens the same database as the server
 * (DATABASE_URL), runs the migrations and seeds the demo tenant first, so it works on a fresh clone.
 */
import { TEMPLATES, UI_CONFIG_TYPES, type UiConfigType, formatMessage } from '@tessera/shared';
import { loginConfigPatchSchema } from '@tessera/shared/schemas';
import fs from 'node:fs';
import { Command, Option } from 'commander';
import { loadConfig } from './config.ts';
import { openMigratedDb } from './db/index.ts';
import { AppError } from './http/errors.ts';
import { passwordPolicyOf } from './modules/accounts/password-change.ts';
import { tenantSettingsSchema } from './modules/tenancy/settings.ts';
import { applicationInputSchema } from './modules/applications/schema.ts';
import { resealAll } from './modules/secrets/reseal.ts';
import { z } from 'zod';
import { seedDemo } from './seed.ts';
import { type Services, createServices } from './services.ts';

async function withServices(run: (s: Services) => Promise<void>) {
  const config = loadConfig();
  const db = await openMigratedDb(config.databaseUrl);
  const services = createServices(db, config);
  try {
    if (config.SEED_DEMO) await seedDemo(services);
    await run(services);
  } finally {
    await services.ephemeral.close();
    await db.destroy();
  }
}

/** The value if the schema accepts it, else one line naming the first field at fault. */
function checked<T>(schema: z.ZodType<T>, value: unknown, what = 'value'): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || String((issue as { keys?: string[] }).keys?.[0] ?? '');
  throw new Error(`Invalid ${what} ${field}: ${issue.message}`);
}

async function tenantOf(s: Services, code: string) {
  const tenant = await s.tenancy.getByCode(code);
  if (!tenant) throw new Error(`No tenant "${code}"`);
  return tenant;
}

const program = new Command('tessera').description('Tessera admin command line').showHelpAfterError();

const tenant = program.command('tenant').description('Manage tenants (enterprises)');
tenant
  .command('create <code>')
  .description('Create a tenant served at <code>.BASE_DOMAIN')
  .requiredOption('--name <name>', 'display name (Chinese or default)')
  .option('--name-en <name>', 'English display name')
  .option('--domain <host...>', 'custom host names of this tenant')
  .option('--copyright <text>', 'copyright line; {year} becomes the current year')
  .option('--record-no <text>', 'record number shown in the footer')
  .action(
    (
      code: string,
      o: { name: string; nameEn?: string; domain?: string[]; copyright?: string; recordNo?: string },
    ) =>
      withServices(async (s) => {
        const t = await s.tenancy.create({
          code,
          name: o.name,
          nameEn: o.nameEn,
          domains: o.domain,
          loginConfig: {
            copyright: o.copyright ?? '',
            copyrightEn: o.copyright ?? '',
            recordNo: o.recordNo ?? '',
          },
        });
        console.log(`Created tenant ${t.code} (${t.name})`);
      }),
  );
tenant
  .command('list')
  .description('List tenants')
  .action(() =>
    withServices(async (s) => {
      for (const t of await s.tenancy.list()) console.log(`${t.code}\t${t.status}\t${t.name}`);
    }),
  );
for (const [name, status] of [
  ['disable', 'disabled'],
  ['enable', 'active'],
] as const) {
  tenant
    .command(`${name} <code>`)
    .description(`${name === 'disable' ? 'Disable' : 'Enable'} a tenant`)
    .action((code: string) =>
      withServices(async (s) => {
        await s.tenancy.setStatus(code, status);
        console.log(`Tenant ${code} is ${status}`);
      }),
    );
}
tenant
  .command('rotate-key <code>')
  .description("Replace a tenant's RSA key pair for client encryption")
  .action((code: string) =>
    withServices(async (s) => {
      await s.crypto.rotate((await tenantOf(s, code)).id);
      console.log(`Rotated the key pair of ${code}`);
    }),
  );

const user = program.command('user').description('Manage users of a tenant');
/** One account of an import file (docs/accounts.md): a password, or the hash of another system. */
const importedUserSchema = z
  .object({
    username: z.string(),
    password: z.string().min(1).optional(),
    passwordHash: z.string().min(1).optional(),
    displayName: z.string().optional(),
    email: z.string().optional(),
    mobile: z.string().optional(),
  })
  .strict()
  .refine((u) => !!u.password !== !!u.passwordHash, 'give password or passwordHash');

user
  .command('create <tenant> <username>')
  .description('Create a user')
  .option('--password <password>', 'initial password')
  .option('--password-hash <hash>', "the password's hash from another system (docs/accounts.md)")
  .option('--display-name <name>', 'display name')
  .option('--email <email>', 'email address')
  .option('--mobile <mobile>', 'mobile number with area code')
  .action(
    (
      t: string,
      username: string,
      o: { password?: string; passwordHash?: string; displayName?: string; email?: string; mobile?: string },
    ) =>
      withServices(async (s) => {
        if (!o.password && !o.passwordHash) throw new Error('Give --password or --password-hash');
        const u = await s.accounts.create((await tenantOf(s, t)).id, { username, ...o });
        console.log(`Created user ${u.username} in ${t}`);
      }),
  );
user
  .command('import <tenant> <file>')
  .description('Create users from a JSON Lines file, all or none (docs/accounts.md)')
  .action((t: string, file: string) =>
    withServices(async (s) => {
      const lines = fs
        .readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((text, i) => ({ text: text.trim(), line: i + 1 }))
        .filter((l) => l.text);
      const users = lines.map(({ text, line }) => {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new Error(`Line ${line}: not JSON`);
        }
        return checked(importedUserSchema, value, `line ${line}:`);
      });
      await s.accounts.createMany((await tenantOf(s, t)).id, users, (i) => `Line ${lines[i]!.line}`);
      console.log(`Imported ${users.length} users into ${t}`);
    }),
  );
user
  .command('list <tenant>')
  .description('List the users of a tenant')
  .action((t: string) =>
    withServices(async (s) => {
      for (const u of await s.accounts.list((await tenantOf(s, t)).id)) {
        console.log(`${u.username}\t${u.status}\t${u.display_name}\t${u.email ?? ''}\t${u.mobile ?? ''}`);
      }
    }),
  );
for (const [name, status] of [
  ['disable', 'disabled'],
  ['enable', 'active'],
] as const) {
  user
    .command(`${name} <tenant> <username>`)
    .description(`${name === 'disable' ? 'Disable a user and end their sessions' : 'Enable a user'}`)
    .action((t: string, username: string) =>
      withServices(async (s) => {
        const tenantId = (await tenantOf(s, t)).id;
        await s.accounts.setStatus(tenantId, username, status);
        const u = await s.accounts.findByUsername(tenantId, username);
        if (status === 'disabled' && u) await s.sessions.destroyAllOf(u.id);
        console.log(`User ${username} in ${t} is ${status}`);
      }),
    );
}
user
  .command('set-password <tenant> <username>')
  .description("Set a user's password")
  .addOption(new Option('--password <password>', 'new password').makeOptionMandatory())
  .action((t: string, username: string, o: { password: string }) =>
    withServices(async (s) => {
      await s.accounts.setPassword((await tenantOf(s, t)).id, username, o.password);
      console.log(`Password of ${username} in ${t} changed`);
    }),
  );
user
  .command('unlock <tenant> <username>')
  .description('Clear the failed-login lock of a user')
  .action((t: string, username: string) =>
    withServices(async (s) => {
      await s.throttle.unlock((await tenantOf(s, t)).id, username);
      console.log(`User ${username} in ${t} is unlocked`);
    }),
  );

user
  .command('expire-password <tenant> <username>')
  .description(
    'Make a user change the password at the next login, or with --in-days N let it expire in N days (needs passwordPolicy.maxAgeDays)',
  )
  .option('--in-days <days>', 'days until it expires: within expireWarnDays the user may still skip')
  .action((t: string, username: string, o: { inDays?: string }) =>
    withServices(async (s) => {
      const tenant = await tenantOf(s, t);
      const inDays = o.inDays === undefined ? undefined : Number(o.inDays);
      if (inDays !== undefined && !(Number.isInteger(inDays) && inDays >= 0))
        throw new Error('--in-days takes a whole number of days');
      await s.accounts.expirePassword(tenant.id, username, inDays, passwordPolicyOf(tenant).maxAgeDays);
      console.log(
        inDays === undefined
          ? `${username} in ${t} must change the password at the next login`
          : `The password of ${username} in ${t} expires in ${inDays} days`,
      );
    }),
  );

tenant
  .command('rotate-signing-key <code>')
  .description('Add a new OpenID Connect signing key for a tenant (the previous ones stay published)')
  .action((code: string) =>
    withServices(async (s) => {
      const kid = await s.oidcKeys.rotate((await tenantOf(s, code)).id);
      console.log(`New signing key ${kid} of ${code}; servers use it within 30 s`);
    }),
  );

const application = program
  .command('app')
  .description("Manage a tenant's applications (OpenID Connect clients)");
const list = (v: string, previous: string[] = []) => [...previous, v];
application
  .command('create <tenant> <name>')
  .description('Register an application; a confidential one gets a secret, shown once')
  .requiredOption('--redirect-uri <uri>', 'a redirect URI (repeat for more)', list)
  .option('--name-en <name>', 'English name')
  .option('--logo <url>', 'logo URL')
  .option('--client-id <id>', 'the client id (default: generated)')
  .option('--post-logout-uri <uri>', 'a post-logout redirect URI (repeat for more)', list)
  .option('--backchannel-logout-uri <uri>', 'where to send back-channel logout tokens')
  .option('--public', 'a public client (browser or native app): PKCE, no secret')
  .option('--mfa <when>', 'second factor before entering: never, always, newDevice, risky')
  .action(
    (
      t: string,
      name: string,
      o: {
        redirectUri: string[];
        nameEn?: string;
        logo?: string;
        clientId?: string;
        postLogoutUri?: string[];
        backchannelLogoutUri?: string;
        public?: boolean;
        mfa?: string;
      },
    ) =>
      withServices(async (s) => {
        const input = checked(applicationInputSchema, {
          name,
          nameEn: o.nameEn,
          logo: o.logo,
          redirectUris: o.redirectUri,
          postLogoutRedirectUris: o.postLogoutUri,
          backchannelLogoutUri: o.backchannelLogoutUri,
          public: o.public,
          mfa: o.mfa ? { when: o.mfa } : undefined,
        });
        const app = await s.applications.create((await tenantOf(s, t)).id, input, o.clientId);
        console.log(`client_id\t${app.client_id}`);
        if (app.client_secret) console.log(`client_secret\t${app.client_secret}`);
      }),
  );
application
  .command('list <tenant>')
  .description('List the applications of a tenant')
  .action((t: string) =>
    withServices(async (s) => {
      for (const a of await s.applications.list((await tenantOf(s, t)).id)) {
        const meta = JSON.parse(a.metadata) as { redirect_uris: string[] };
        console.log(
          `${a.client_id}\t${a.status}\t${a.client_secret ? 'confidential' : 'public'}\t${a.name}\t${meta.redirect_uris.join(' ')}`,
        );
      }
    }),
  );
application
  .command('update <tenant> <clientId>')
  .description('Change the name, logo, URIs or second-factor policy of an application')
  .option('--name <name>', 'name')
  .option('--name-en <name>', 'English name')
  .option('--logo <url>', 'logo URL')
  .option('--redirect-uri <uri>', 'the redirect URIs (repeat; replaces them)', list)
  .option('--mfa <when>', 'second factor before entering: never, always, newDevice, risky')
  .action(
    (
      t: string,
      clientId: string,
      o: { name?: string; nameEn?: string; logo?: string; redirectUri?: string[]; mfa?: string },
    ) =>
      withServices(async (s) => {
        const input = checked(applicationInputSchema.partial(), {
          name: o.name,
          nameEn: o.nameEn,
          logo: o.logo,
          redirectUris: o.redirectUri,
          mfa: o.mfa ? { when: o.mfa } : undefined,
        });
        await s.applications.update((await tenantOf(s, t)).id, clientId, input);
        console.log(`Updated ${clientId}`);
      }),
  );
for (const [name, status] of [
  ['disable', 'disabled'],
  ['enable', 'active'],
] as const) {
  application
    .command(`${name} <tenant> <clientId>`)
    .description(`${name === 'disable' ? 'Disable' : 'Enable'} an application`)
    .action((t: string, clientId: string) =>
      withServices(async (s) => {
        await s.applications.setStatus((await tenantOf(s, t)).id, clientId, status);
        console.log(`Application ${clientId} is ${status}`);
      }),
    );
}
application
  .command('account <tenant> <clientId> <name>')
  .description(
    'Add an application account: --user alice:owner (own), several users (shared), principal and consignor (entrusted)',
  )
  .requiredOption('--kind <kind>', 'own, shared or entrusted')
  .requiredOption(
    '--user <username:role>',
    'a user and their role: owner, member, principal, consignor (repeat)',
    list,
  )
  .action((t: string, clientId: string, name: string, o: { kind: string; user: string[] }) =>
    withServices(async (s) => {
      const tenantRow = await tenantOf(s, t);
      const app = await s.applications.find(tenantRow.id, clientId);
      if (!app) throw new Error(`No application ${clientId} in ${t}`);
      const kind = z.enum(['own', 'shared', 'entrusted']).parse(o.kind);
      const users = [];
      for (const entry of o.user) {
        const [username, role] = entry.split(':');
        const user = await s.accounts.findByUsername(tenantRow.id, username ?? '');
        if (!user) throw new Error(`No user "${username}"`);
        users.push({
          userId: user.id,
          role: z.enum(['owner', 'member', 'principal', 'consignor']).parse(role),
        });
      }
      const id = await s.applications.addAccount(app, { name, kind, users });
      console.log(`Added account ${name} (${id}) to ${clientId}`);
    }),
  );

const agreement = program.command('agreement').description("Manage a tenant's agreements");
agreement
  .command('publish <tenant> <code>')
  .description('Publish a new version of an agreement (user, privacy ...): users sign it at their next login')
  .addOption(new Option('--title <zh>', 'title in Chinese').makeOptionMandatory())
  .addOption(new Option('--title-en <en>', 'title in English').makeOptionMandatory())
  .option('--content <zh>', 'text in Chinese')
  .option('--content-en <en>', 'text in English')
  .option('--file <path>', 'read the Chinese text from a file')
  .option('--file-en <path>', 'read the English text from a file')
  .action(
    (
      t: string,
      code: string,
      o: {
        title: string;
        titleEn: string;
        content?: string;
        contentEn?: string;
        file?: string;
        fileEn?: string;
      },
    ) =>
      withServices(async (s) => {
        const content = o.content ?? (o.file && fs.readFileSync(o.file, 'utf8'));
        const contentEn = o.contentEn ?? (o.fileEn && fs.readFileSync(o.fileEn, 'utf8'));
        if (!content || !contentEn)
          throw new Error('Give the text in both languages (--content/--file, --content-en/--file-en)');
        if (!/^[a-z][a-z0-9_-]{0,31}$/.test(code))
          throw new Error('The code is lower-case letters, digits, _ or -');
        const a = await s.agreements.publish((await tenantOf(s, t)).id, {
          code,
          title: o.title,
          titleEn: o.titleEn,
          content,
          contentEn,
        });
        console.log(`Published ${a.code} version ${a.version} (${a.id}) in ${t}`);
      }),
  );
agreement
  .command('list <tenant>')
  .description('List the current version of each agreement')
  .action((t: string) =>
    withServices(async (s) => {
      for (const a of await s.agreements.current((await tenantOf(s, t)).id)) {
        console.log(`${a.code}\tv${a.version}\t${a.id}\t${a.title}\t${a.title_en}`);
      }
    }),
  );

/** name=value on the command line: JSON when it parses (true, 3, ["zh"], {...}), else text. */
function parseValue(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

const theme = program.command('theme').description("Manage a tenant's page themes");
const pageTypes = UI_CONFIG_TYPES.join(', ');
function pageType(value: string): UiConfigType {
  const type = value.toUpperCase();
  if (!(UI_CONFIG_TYPES as readonly string[]).includes(type))
    throw new Error(`Unknown page "${value}": use one of ${pageTypes}`);
  return type as UiConfigType;
}
/** --option name=value, repeatable; values stay text, the theme rules turn them into their kinds. */
function parseOptions(pairs: string[] = []): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const cut = pair.indexOf('=');
      if (cut <= 0) throw new Error(`Expected --option name=value, got "${pair}"`);
      return [pair.slice(0, cut), pair.slice(cut + 1)];
    }),
  );
}
theme
  .command('templates [page]')
  .description(`List the system templates (of one page: ${pageTypes})`)
  .action((page?: string) => {
    for (const t of TEMPLATES.filter((x) => !page || x.page === pageType(page))) {
      console.log(`${t.page}\t${t.template}\t${t.layout}\t${t.name.en}${t.isActived ? '\t(default)' : ''}`);
    }
  });
theme
  .command('show <tenant>')
  .description("Show a tenant's page themes")
  .action((code: string) =>
    withServices(async (s) => {
      const t = await tenantOf(s, code);
      for (const type of UI_CONFIG_TYPES) console.log(`${type}\t${JSON.stringify(t.uiConfig[type] ?? null)}`);
    }),
  );
theme
  .command('set <tenant> <page>')
  .description("Set a page's theme: a system template and/or option overrides")
  .option('--template <key>', 'system template key (see `theme templates`)')
  .option('--option <name=value...>', 'option override, repeatable')
  .action((code: string, page: string, o: { template?: string; option?: string[] }) =>
    withServices(async (s) => {
      const value = await s.themes.set(await tenantOf(s, code), pageType(page), {
        template: o.template,
        options: parseOptions(o.option),
      });
      console.log(`${pageType(page)} of ${code} is now ${JSON.stringify(value)}`);
    }),
  );
theme
  .command('reset <tenant> <page>')
  .description('Put a page back on its default template')
  .action((code: string, page: string) =>
    withServices(async (s) => {
      await s.themes.reset(await tenantOf(s, code), pageType(page));
      console.log(`${pageType(page)} of ${code} is back on the default template`);
    }),
  );

program
  .command('config <tenant> [fields...]')
  .description(
    'Show the enterprise login config, or set fields: name=value (JSON values such as true or ["zh","en"] allowed)',
  )
  .action((code: string, fields: string[]) =>
    withServices(async (s) => {
      const t = await tenantOf(s, code);
      if (fields.length) {
        const raw = Object.fromEntries(
          Object.entries(parseOptions(fields)).map(([k, v]) => {
            return [k, parseValue(v)];
          }),
        );
        await s.tenancy.updateLoginConfig(t.id, checked(loginConfigPatchSchema, raw, 'login setting'));
      }
      console.log(JSON.stringify((await tenantOf(s, code)).loginConfig, null, 2));
    }),
  );

program
  .command('settings <tenant> [fields...]')
  .description(
    'Show the server-side settings (secrets hidden), or set fields: sms, email, messages, unregisteredPolicy, captchaAfterFailures, passwordPolicy, afterLogin, profileFields as name=<JSON>',
  )
  .action((code: string, fields: string[]) =>
    withServices(async (s) => {
      const t = await tenantOf(s, code);
      if (fields.length) {
        const raw = Object.fromEntries(
          Object.entries(parseOptions(fields)).map(([k, v]) => [k, parseValue(v)]),
        );
        await s.tenancy.updateSettings(t.id, checked(tenantSettingsSchema, raw, 'setting'));
      }
      const shown = JSON.stringify(
        (await tenantOf(s, code)).settings,
        (k, v) => (/secret|pass/i.test(k) ? '********' : v),
        2,
      );
      console.log(shown);
    }),
  );

program
  .command('outbox [tenant]')
  .description('List the latest messages kept by the outbox sender')
  .option('--limit <n>', 'how many', '20')
  .action((code: string | undefined, o: { limit: string }) =>
    withServices(async (s) => {
      let query = s.db
        .selectFrom('outbox')
        .innerJoin('tenants', 'tenants.id', 'outbox.tenant_id')
        .select([
          'outbox.id',
          'tenants.code',
          'outbox.channel',
          'outbox.recipient',
          'outbox.purpose',
          'outbox.body',
          'outbox.created_at',
        ])
        .orderBy('outbox.id', 'desc')
        .limit(Math.min(Math.max(Number(o.limit) || 20, 1), 500));
      if (code) query = query.where('tenants.code', '=', code);
      for (const m of await query.execute()) {
        console.log(
          `${new Date(m.created_at).toISOString()}\t${m.code}\t${m.channel}\t${m.recipient}\t${m.purpose}\t${m.body}`,
        );
      }
    }),
  );

const admin = program.command('admin').description('Tenant admin API access');
admin
  .command('token <tenant>')
  .description('Create an admin API token for a tenant (shown once)')
  .option('--name <name>', 'what the token is for', 'admin')
  .action((code: string, o: { name: string }) =>
    withServices(async (s) => {
      console.log(await s.admin.createToken((await tenantOf(s, code)).id, o.name));
    }),
  );

const secrets = program.command('secrets').description('Secrets sealed at rest (docs/architecture.md)');
secrets
  .command('reseal')
  .description(
    'Seal every stored secret under SECRET_KEY: plain ones from before sealing, and those under SECRET_KEY_PREVIOUS',
  )
  .action(() =>
    withServices(async (s) => {
      const counts = await resealAll(s.db, s.secrets);
      console.log(`Resealed under key ${s.secrets.keyId}:`);
      for (const [kind, n] of Object.entries(counts)) console.log(`${kind}\t${n}`);
    }),
  );

program.parseAsync(process.argv).catch((err: unknown) => {
  const text =
    err instanceof AppError
      ? `${formatMessage(err.code, 'en', err.params)} (${err.code})`
      : err instanceof Error
        ? err.message
        : String(err);
  console.error(`Error: ${text}`);
  process.exit(1);
});
