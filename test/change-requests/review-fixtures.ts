import type { ApiClient } from '../support/api';
import { newOrganization } from '../support/org';
import type { TestServer } from '../support/server';

export const crPath = (spaceId: string, cr: string) => `/v1/spaces/${spaceId}/change-requests/${cr}`;

/** An organization with a space, an open change request on it, and members with the roles asked for. */
export async function changeRequestToReview(server: TestServer, subject = 'Fix typos') {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject })).body as { id: string; number: number; revision: string };
  await server.api.patch(crPath(spaceId, cr.id), { status: 'open' });
  return { org, spaceId, cr, path: crPath(spaceId, cr.id) };
}

export type Member = { id: string; token: string; api: ApiClient };
