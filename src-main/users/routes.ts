import { updateUserBody } from '../../src-shared/schemas/users';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentUser } from './presenter';
import { getVisibleUser, updateUserProfile } from './service';

export function registerUserRoutes(router: Router): void {
  router.get('/v1/user', ({ ctx }) => ({ status: 200, body: presentUser(ctx.user, ctx) }));
  router.get('/v1/users/{userId}', ({ ctx, params }) => ({
    status: 200,
    body: presentUser(getVisibleUser(ctx, params.userId), ctx),
  }));
  router.patch('/v1/users/{userId}', ({ ctx, params, body }) => ({
    status: 200,
    body: presentUser(updateUserProfile(ctx, params.userId, parseInput(updateUserBody, body)), ctx),
  }));
}
