import { describe, expect, it } from 'vitest';
import { generateToken } from '../../src-main/store/tokens';
import { useTestServer } from '../support/server';

const server = useTestServer();

/** Random bits in a string of `alphabet`-sized characters. */
const bits = (text: string, alphabet: number) => text.length * Math.log2(alphabet);

describe('credentials Folio makes', () => {
  it('are at least 128 random bits: API tokens, link invites, share links, visitor keys', async () => {
    const tokens = new Set(Array.from({ length: 50 }, generateToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(bits(token.replace(/^folio_/, ''), 64)).toBeGreaterThanOrEqual(192);

    const org = (await server.api.post('/v1/orgs', { title: 'Entropy' })).body.id;
    const invite = (await server.api.post(`/v1/orgs/${org}/link-invites`, { role: 'read' })).body;
    expect(invite.id).toMatch(/^[A-Za-z0-9]+$/);
    expect(bits(invite.id, 62)).toBeGreaterThanOrEqual(128);

    const space = (await server.api.post(`/v1/orgs/${org}/spaces`, { title: 'Guide' })).body.id;
    const site = (await server.api.post(`/v1/orgs/${org}/sites`, { title: 'Docs', visibility: 'share-link', spaces: [space] })).body;
    const url = `/v1/orgs/${org}/sites/${site.id}`;
    await server.api.post(`${url}/publish`);
    const link = (await server.api.post(`${url}/share-links`, { name: 'Partners' })).body;
    const shareKey = new URL(link.urls.published).searchParams.get('shareKey')!;
    expect(shareKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(bits(shareKey, 64)).toBeGreaterThanOrEqual(128);
    const visitorKey = (await server.api.get(`${url}/publishing/auth`)).body.privateKey;
    expect(visitorKey).toMatch(/^[0-9a-f]{64}$/);
  });
});
