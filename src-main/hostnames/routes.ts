import type { Router } from '../http/router';
import { presentCustomHostname, presentSubdomain } from './presenter';
import { dnsRevalidateCustomHostname, getCustomHostname, getSubdomain, removeCustomHostname } from './service';

export function registerCustomHostnameRoutes(router: Router): void {
  router.get('/v1/custom-hostnames/{hostname}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentCustomHostname(getCustomHostname(ctx, params.hostname), ctx),
  }));

  // 204 once checked: the status is read back with GET.
  router.patch('/v1/custom-hostnames/{hostname}', { effect: 'write' }, async ({ ctx, params }) => {
    await dnsRevalidateCustomHostname(ctx, params.hostname);
    return { status: 204 };
  });

  // 205 when the hostname was taken off its site, 204 when no site of the caller's had it.
  router.delete('/v1/custom-hostnames/{hostname}', { effect: 'write' }, ({ ctx, params }) => ({ status: removeCustomHostname(ctx, params.hostname) ? 205 : 204 }));

  router.get('/v1/subdomains/{subdomain}', { effect: 'read' }, ({ ctx, params }) => {
    const { org, active } = getSubdomain(ctx, params.subdomain);
    return { status: 200, body: presentSubdomain(org, active) };
  });
}
