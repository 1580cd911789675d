import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { publisher, uniqueName } from './fixtures';

const server = useTestServer();

/** The server still answers: a crash would fail this (and every later) request. */
async function stillServing() {
  expect((await server.api.get('/v1/user')).status).toBe(200);
}

describe('integration policies sent as headers', () => {
  it.each([
    ['a NUL character', "script-src 'self'\u0000"],
    ['a character beyond Latin-1', "script-src 'self' https://☃.example.com"],
    ['a character beyond ASCII', "script-src 'self' https://exämple.com"],
  ])('returns 400 naming contentSecurityPolicy for a policy with %s', async (_what, policy) => {
    const { publish } = await publisher(server);
    const res = await publish(uniqueName(), { contentSecurityPolicy: policy });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^contentSecurityPolicy: .*printable ASCII/);
  });

  it('returns 400 naming the directive for a directive value with a character beyond Latin-1', async () => {
    const { publish } = await publisher(server);
    const res = await publish(uniqueName(), { contentSecurityPolicy: { 'img-src': 'https://☃.example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^contentSecurityPolicy\.img-src: /);
  });

  it.each([
    ['a NUL character', "script-src 'self'\u0000"],
    ['a snowman', "script-src 'self' https://☃.example.com"],
  ])('serves the script without the stored policy when an older version stored one with %s', async (_what, policy) => {
    const { publish } = await publisher(server);
    const name = uniqueName();
    const published = await publish(name, { contentSecurityPolicy: "script-src 'self'" });
    expect(published.status).toBe(200);
    // As a Folio without the check (or a replica syncing one in) would have written it.
    server.app.db.prepare('UPDATE integrations SET content_security_policy = ? WHERE name = ?').run(policy, name);

    const script = await fetch(`${published.body.urls.publicEndpoint}script.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe('export default {};');
    await stillServing();
  });
});
