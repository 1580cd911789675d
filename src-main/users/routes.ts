import { updateUserBody } from '../../src-shared/schemas/users';
import type { Router } from '../http/router';
import { presentUser } from './presenter';
import { getVisibleUser, updateUserProfile } from './service';

export function registerUserRoutes(router: Router): void {
  router.get('/v1/user', { effect: 'read' }, ({ ctx }) => ({ status: 200, body: presentUser(ctx.user, ctx) }));
  router.get('/v1/users/{userId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentUser(getVisibleUser(ctx, params.userId), ctx),
  }));
  router.patch('/v1/users/{userId}', { effect: 'write', body: updateUserBody }, ({ ctx, params, body }) => ({
    status: 200,
    body: presentUser(updateUserProfile(ctx, params.userId, body), ctx),
  }));
}
