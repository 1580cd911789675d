import type { Router } from '../http/router';
import { buildInfo } from './build-info';

/** getApiInformation: `/v1/` (the spec's `/`), and `/v1` as clients also spell it. */
export function registerApiInformationRoutes(router: Router): void {
  router.get('/v1/', { effect: 'read' }, () => ({ status: 200, body: buildInfo() }));
  router.get('/v1', { effect: 'read' }, () => ({ status: 200, body: buildInfo() }));
}
