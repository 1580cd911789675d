import { updateUserBody } from '../../src-shared/schemas/users';
import { presentUser } from '../users/presenter';
import { updateUserProfile } from '../users/service';
import { procedure, router } from './trpc';

export const userRouter = router({
  me: procedure.query(({ ctx }) => presentUser(ctx.user, ctx)),
  /** PATCH /v1/users/{userId} for the caller: their own profile. */
  updateProfile: procedure.input(updateUserBody).mutation(({ ctx, input }) => presentUser(updateUserProfile(ctx, ctx.user.id, input), ctx)),
});
