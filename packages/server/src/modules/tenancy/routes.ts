/** GET /login/setdomainname: sends the browser to the login page of the enterprise it names. */
import { TENANT_CODE_PATTERN } from '@tessera/shared';
import { setDomainSchema } from '@tessera/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';

const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

export function tenancyRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/login/setdomainname',
      {
        schema: {
          tags: ['tenancy'],
          summary: 'The login page of the enterprise with this domain (a tenant code or a host name)',
          querystring: setDomainSchema,
        },
      },
      async (req) => {
        const domain = req.query.domain.trim().toLowerCase();
        if (!HOST_PATTERN.test(domain)) throw new AppError('TENANT.0003');
        const tenant = TENANT_CODE_PATTERN.test(domain)
          ? await services.tenancy.getByCode(domain)
          : await services.tenancy.resolveHost(domain);
        if (!tenant || tenant.status !== 'active') throw new AppError('TENANT.0004');
        const url = services.tenancy.loginUrl(tenant, req.protocol, req.headers.host ?? '');
        return ok({ url }, { redirect: url });
      },
    );
  };
}
