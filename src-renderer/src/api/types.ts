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
export type Space = Outputs['spaces']['get'];
export type Collection = Outputs['collections']['get'];

/** A space, collection or site that takes invitations, and who is invited to it (docs/permissions.md). */
export type PermissionTarget = Inputs['permissions']['listUsers']['target'];
export type UserPermission = Outputs['permissions']['listUsers']['items'][number];
export type TeamPermission = Outputs['permissions']['listTeams']['items'][number];

export type CreateSpaceInput = Inputs['spaces']['create'];
export type CreateCollectionInput = Inputs['collections']['create'];

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
  spaces: {
    list: { query(input: Inputs['spaces']['list']): Promise<Page<Space>> };
    get: { query(input: Inputs['spaces']['get']): Promise<Space> };
    create: { mutate(input: Inputs['spaces']['create']): Promise<Space> };
    update: { mutate(input: Inputs['spaces']['update']): Promise<Space> };
    delete: { mutate(input: Inputs['spaces']['delete']): Promise<void> };
    restore: { mutate(input: Inputs['spaces']['restore']): Promise<Space> };
    move: { mutate(input: Inputs['spaces']['move']): Promise<Space> };
  };
  collections: {
    list: { query(input: Inputs['collections']['list']): Promise<Page<Collection>> };
    create: { mutate(input: Inputs['collections']['create']): Promise<Collection> };
  };
  /** Invitations on a space, collection or site (the sharing panels). */
  permissions: {
    listUsers: { query(input: Inputs['permissions']['listUsers']): Promise<Page<UserPermission>> };
    listTeams: { query(input: Inputs['permissions']['listTeams']): Promise<Page<TeamPermission>> };
    invite: { mutate(input: Inputs['permissions']['invite']): Promise<void> };
    update: { mutate(input: Inputs['permissions']['update']): Promise<void> };
    remove: { mutate(input: Inputs['permissions']['remove']): Promise<{ removed: boolean }> };
  };
}
