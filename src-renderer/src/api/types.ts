import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// The renderer sees main only through these types: `import type` is erased, so no server code is bundled.
import type { AppRouter } from '../../../src-main/trpc/router';

export type { AppRouter };

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type User = Outputs['user']['me'];
export type Organization = Outputs['orgs']['list']['items'][number];
export type Member = Outputs['members']['list']['items'][number];
export type Team = Outputs['teams']['list']['items'][number];

/** One page of a list, as every list procedure returns it. */
export interface Page<T> {
  items: T[];
  /** Items over every page. */
  count: number;
  next?: { page: string };
}

/**
 * The procedures the stores call. A real tRPC client satisfies it (checked in client.ts); tests pass a fake.
 * Keeping it this narrow means a fake needs only what the page uses.
 */
export interface FolioClient {
  user: { me: { query(): Promise<User> } };
  orgs: { list: { query(input: Inputs['orgs']['list']): Promise<Page<Organization>> } };
  members: { list: { query(input: Inputs['members']['list']): Promise<Page<Member>> } };
  teams: { list: { query(input: Inputs['teams']['list']): Promise<Page<Team>> } };
}
