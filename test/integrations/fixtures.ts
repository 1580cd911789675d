import { newOrganization } from '../support/org';
import type { TestServer } from '../support/server';

/** A 1x1 PNG, base64. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A 1x1 GIF, base64. */
export const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

let counter = 0;
/** A name no other test uses (names are global across organizations). */
export const uniqueName = (prefix = 'integration') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** The fields a publication needs, for an organization. */
export function minimalPublication(organization: string, extra: Record<string, unknown> = {}) {
  return { title: 'My integration', description: 'Does things', script: 'export default {};', organization, scopes: [], ...extra };
}

export async function publisher(server: TestServer, title = 'Publisher') {
  const org = await newOrganization(server, title);
  const publish = (name: string, extra: Record<string, unknown> = {}) => server.api.post(`/v1/integrations/${name}`, minimalPublication(org.id, extra));
  return { org, publish };
}
