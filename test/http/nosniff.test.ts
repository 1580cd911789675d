import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';

const server = useTestServer();

const owner = () => ({ authorization: `Bearer ${server.owner.token}` });

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['a 200', 'GET', '/v1/user', owner, 200],
    ['a 204', 'DELETE', '/v1/collections/no-such-collection', owner, 204],
    ['a 400', 'GET', '/v1/orgs/%E0%A4%A', owner, 400],
    ['a 401', 'GET', '/v1/user', () => ({}), 401],
    ['a 404 for an unknown endpoint', 'GET', '/v1/nothing-here', owner, 404],
    ['a 405', 'DELETE', '/v1/user', owner, 405],
    ['a /sync answer', 'POST', '/sync/v1/hello', () => ({}), 401],
  ])('is on %s from /v1', async (_what, method, path, headers, status) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: headers() });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['/trpc', '/trpc/users.me'],
    ['file downloads', '/files/nothing'],
    ['PDFs', '/pdf/nothing'],
    ['integration files', '/integrations/nothing/1/script.js'],
    ['published sites', '/sites/nothing/'],
    ['single sign-on pages', '/sso/saml/nothing/metadata'],
    ['server-sent sync events', '/sync/v1/events'],
    ['the app', '/'],
  ])('is on answers of %s', async (_what, path) => {
    const res = await fetch(`${server.url}${path}`);
    await res.arrayBuffer();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
