import { presentUser } from '../users/presenter';
import { procedure, router } from './trpc';

export const userRouter = router({
  me: procedure.query(({ ctx }) => presentUser(ctx.user, ctx)),
});
