import { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { publisher, uniqueName } from './fixtures';

const server = useTestServer();

async function published() {
  const { org, publish } = await publisher(server, 'Runtime vendor');
  const name = uniqueName('runtime');
  expect((await publish(name, { visibility: 'public' })).status).toBe(200);
  return { org, name };
}

describe("an integration's runtime, which Folio does not run", () => {
  it('lists no events, honestly, to the calls `gitbook tail` makes through GitBook’s own client', async () => {
    const { name } = await published();
    // The same calls as @gitbook/cli's `tail` (src/tail.ts): the two latest events, then each one's trace.
    const client = new GitBookAPI({ authToken: server.owner.token, endpoint: server.url });
    const { data: events } = await client.integrations.listIntegrationEvents(name, { limit: 2 });
    expect(events.items).toEqual([]);
    const listed = await server.api.get(`/v1/integrations/${name}/events?limit=2`);
    expect(listed.body).toEqual({ items: [], count: 0 });
    const one = await server.api.get(`/v1/integrations/${name}/events/evt-1`);
    expect(one.status).toBe(404);
    expect(one.body.error.message).toMatch(/runs no integration code/);
  });

  it("keeps events to the admins of the publishing organization (403), and unknown integrations 404", async () => {
    const { org, name } = await published();
    const reader = await org.member('read');
    expect((await reader.api.get(`/v1/integrations/${name}/events`)).status).toBe(403);
    expect((await server.api.get(`/v1/integrations/${name}-missing/events`)).status).toBe(404);
    expect((await server.api.get(`/v1/integrations/${name}/events?limit=0`)).status).toBe(400);
  });

  it('answers 501 with the reason for development mode, UI rendering and tasks', async () => {
    const { name } = await published();
    const calls = [
      server.api.put(`/v1/integrations/${name}/dev`, { tunnelUrl: 'https://example.com' }),
      server.api.delete(`/v1/integrations/${name}/dev`),
      server.api.get(`/v1/integrations/${name}/render?request=x`),
      server.api.post(`/v1/integrations/${name}/render`, { componentId: 'c', props: {} }),
      server.api.post(`/v1/integrations/${name}/tasks`, { task: {} }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(501);
      expect(res.body.error).toMatchObject({ code: 501, message: expect.stringMatching(/does not run their code/) });
    }
    expect((await server.api.post(`/v1/integrations/${name}-missing/tasks`, { task: {} })).status).toBe(404);
  });
});
