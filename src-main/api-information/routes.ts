import type { Router } from '../http/router';
import { buildInfo } from './build-info';

/** getApiInformation: `/v1/` (the spec's `/`), and `/v1` as clients also spell it. */
export function registerApiInformationRoutes(router: Router): void {
  for (const path of ['/v1/', '/v1']) router.get(path, () => ({ status: 200, body: buildInfo() }));
}
