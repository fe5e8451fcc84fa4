/**
 * The tenant admin API: page themes and the enterprise login config. Every call needs
 * `Authorization: Bearer <admin token>` of the tenant of the host.
 */
import { TEMPLATES, type UiConfigData, type UiConfigType } from '@tessera/shared';
import { loginConfigPatchSchema, setThemeSchema, themeTypeParamsSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { passwordPolicyOf } from '../accounts/password-change.ts';
import { toAgreementView } from '../agreements/service.ts';
import { applicationInputSchema } from '../applications/schema.ts';
import { type Application, metadataOf, mfaOf } from '../applications/service.ts';
import { afterLoginSchema, passwordPolicySchema, profileFieldsSchema } from '../tenancy/settings.ts';
import { z } from 'zod';

const accountPolicyPatchSchema = z
  .object({ afterLogin: afterLoginSchema, profileFields: profileFieldsSchema })
  .partial()
  .strict();
const agreementCode = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/);
const publishAgreementSchema = z
  .object({
    code: agreementCode,
    title: z.string().min(1).max(100),
    titleEn: z.string().min(1).max(100),
    content: z.string().min(1).max(100_000),
    contentEn: z.string().min(1).max(100_000),
  })
  .strict();

const tags = ['admin'];

/** The login-config field a validation error is about (an unknown key names itself). */
function fieldAtFault(err: {
  validation?: { instancePath: string; params: Record<string, unknown> }[];
}): string {
  const first = err.validation?.[0];
  const keys = first?.params.keys;
  if (Array.isArray(keys) && keys.length) return String(keys[0]);
  return first?.instancePath.split('/').filter(Boolean)[0] ?? 'body';
}
const security = [{ adminToken: [] }];

export function adminRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', async (req) => {
      const header = req.headers.authorization ?? '';
      const token = /^Bearer (\S+)$/.exec(header)?.[1];
      if (!(await services.admin.verify(req.tenant!.id, token))) throw new AppError('ADMIN.0001');
    });

    app.get(
      '/admin/themes',
      { schema: { tags, security, summary: "The tenant's page themes and the system templates" } },
      async (req) => {
        const tenant = await services.tenancy.getByCode(req.tenant!.code);
        return ok({
          pages: tenant!.uiConfig as Partial<Record<UiConfigType, UiConfigData>>,
          templates: TEMPLATES,
        });
      },
    );

    app.put(
      '/admin/themes/:type',
      {
        schema: {
          tags,
          security,
          summary: "Set a page's theme: a system template and option overrides",
          params: themeTypeParamsSchema,
          body: setThemeSchema,
        },
      },
      async (req) => ok(await services.themes.set(req.tenant!, req.params.type, req.body)),
    );

    app.delete(
      '/admin/themes/:type',
      {
        schema: {
          tags,
          security,
          summary: "Reset a page's theme to the default template",
          params: themeTypeParamsSchema,
        },
      },
      async (req) => {
        await services.themes.reset(req.tenant!, req.params.type);
        return ok(null);
      },
    );

    app.patch(
      '/admin/loginConfig',
      {
        schema: {
          tags,
          security,
          summary: 'Change fields of the enterprise login config',
          body: loginConfigPatchSchema,
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        await services.tenancy.updateLoginConfig(req.tenant!.id, req.body);
        return ok((await services.tenancy.getByCode(req.tenant!.code))!.loginConfig);
      },
    );

    app.patch(
      '/admin/passwordPolicy',
      {
        schema: {
          tags,
          security,
          summary:
            'Change fields of the password policy (lengths, character classes, change interval, expiry, history)',
          body: passwordPolicySchema,
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        const tenant = req.tenant!;
        const policy = { ...passwordPolicyOf(tenant), ...req.body };
        if (policy.minLength > policy.maxLength) throw new AppError('CONFIG.0001', { field: 'minLength' });
        await services.tenancy.updateSettings(tenant.id, {
          passwordPolicy: { ...tenant.settings.passwordPolicy, ...req.body },
        });
        return ok(policy);
      },
    );

    app.patch(
      '/admin/accountPolicy',
      {
        schema: {
          tags,
          security,
          summary: 'Set the post-login steps (afterLogin) and the profile fields of the users',
          body: accountPolicyPatchSchema,
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        const { afterLogin, profileFields } = req.body;
        const tenant = req.tenant!;
        const patch = {
          ...(afterLogin && { afterLogin: { ...tenant.settings.afterLogin, ...afterLogin } }),
          ...(profileFields && { profileFields }),
        };
        await services.tenancy.updateSettings(tenant.id, patch);
        return ok({
          afterLogin: patch.afterLogin ?? tenant.settings.afterLogin ?? {},
          profileFields: patch.profileFields ?? tenant.settings.profileFields ?? [],
        });
      },
    );

    app.get(
      '/admin/agreements',
      {
        schema: { tags, security, summary: 'The current version of each agreement, in Chinese and English' },
      },
      async (req) => {
        const current = await services.agreements.current(req.tenant!.id);
        return ok(current.map((a) => ({ zh: toAgreementView(a, 'zh'), en: toAgreementView(a, 'en') })));
      },
    );

    app.post(
      '/admin/agreements',
      {
        schema: {
          tags,
          security,
          summary: 'Publish a new version of an agreement: every user signs it again at the next login',
          body: publishAgreementSchema,
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        const published = await services.agreements.publish(req.tenant!.id, req.body);
        return ok(toAgreementView(published, req.lang));
      },
    );

    const appView = (a: Application) => ({
      clientId: a.client_id,
      name: a.name,
      nameEn: a.name_en,
      logo: a.logo,
      public: a.client_secret === null,
      status: a.status,
      mfa: mfaOf(a),
      ...metadataOf(a),
    });
    const clientParams = z.object({ clientId: z.string().min(1).max(128) });

    app.get(
      '/admin/applications',
      { schema: { tags, security, summary: "The tenant's applications" } },
      async (req) => ok((await services.applications.list(req.tenant!.id)).map(appView)),
    );

    app.post(
      '/admin/applications',
      {
        schema: {
          tags,
          security,
          summary: 'Register an application; the answer carries its secret once (confidential clients)',
          body: applicationInputSchema.extend({
            clientId: z
              .string()
              .regex(/^[\w.-]{3,64}$/)
              .optional(),
          }),
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        const { clientId, ...input } = req.body;
        const taken =
          clientId &&
          (await services.db
            .selectFrom('applications')
            .select('client_id')
            .where('client_id', '=', clientId)
            .executeTakeFirst());
        if (taken) throw new AppError('CONFIG.0001', { field: 'clientId' });
        const created = await services.applications.create(req.tenant!.id, input, clientId);
        return ok({ ...appView(created), clientSecret: created.client_secret });
      },
    );

    app.patch(
      '/admin/applications/:clientId',
      {
        schema: {
          tags,
          security,
          summary: 'Change the name, logo, URIs or second-factor policy of an application',
          params: clientParams,
          body: applicationInputSchema.omit({ public: true }).partial(),
        },
        attachValidation: true,
      },
      async (req) => {
        if (req.validationError)
          throw new AppError('CONFIG.0001', { field: fieldAtFault(req.validationError) });
        return ok(appView(await services.applications.update(req.tenant!.id, req.params.clientId, req.body)));
      },
    );

    for (const [action, status] of [
      ['disable', 'disabled'],
      ['enable', 'active'],
    ] as const) {
      app.post(
        `/admin/applications/:clientId/${action}`,
        {
          schema: {
            tags,
            security,
            summary: `${action === 'disable' ? 'Disable' : 'Enable'} an application`,
            params: clientParams,
          },
        },
        async (req) => {
          await services.applications.setStatus(req.tenant!.id, req.params.clientId, status);
          return ok(null);
        },
      );
    }
  };
}
