import type { Router } from '../http/router';
import { presentUser } from './presenter';
import { getVisibleUser } from './service';

export function registerUserRoutes(router: Router): void {
  router.get('/v1/user', ({ ctx }) => ({ status: 200, body: presentUser(ctx.user, ctx) }));
  router.get('/v1/users/{userId}', ({ ctx, params }) => ({
    status: 200,
    body: presentUser(getVisibleUser(ctx, params.userId!), ctx),
  }));
}
