import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

interface Entry {
  id: string;
  translations: Record<string, string>;
}

async function fixture() {
  const org = await newOrganization(server, 'Glossary');
  const base = `/v1/orgs/${org.id}/translations-glossary`;
  const entries = async (query = '') => (await server.api.get(`${base}${query}`)).body.items as Entry[];
  return { org, base, entries };
}

describe('the translation glossary', () => {
  it('inserts, updates and deletes entries in one request (204), and lists and gets them as GlossaryEntry', async () => {
    const { org, base, entries } = await fixture();
    const inserted = await server.api.put(base, {
      operations: [
        { type: 'insert', translations: { en: 'Space', fr: 'Espace' } },
        { type: 'insert', translations: { en: 'Change request', de: 'Änderungsanfrage' } },
      ],
    });
    expect(inserted.status).toBe(204);
    const [space, changeRequest] = await entries();
    expect(space).toMatchObject({ object: 'glossary-entry', translations: { en: 'Space', fr: 'Espace' } });
    expect((space as unknown as { urls: { location: string } }).urls.location).toBe(`${server.url}${base}/${space!.id}`);

    const one = await server.api.get(`/v1/orgs/${org.id}/translations-glossary/${space!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(space);

    const changed = await server.api.put(base, {
      operations: [
        { type: 'update', id: space!.id, translations: { en: 'Space', fr: 'Espace', 'zh-tw': '空間' } },
        { type: 'delete', id: changeRequest!.id },
      ],
    });
    expect(changed.status).toBe(204);
    expect((await entries()).map((entry) => entry.translations)).toEqual([{ en: 'Space', fr: 'Espace', 'zh-tw': '空間' }]);
    expect((await server.api.get(`${base}/${changeRequest!.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/translations-glossary`)).body.count).toBe(1);
  });

  it('sorts by the term in a language, without case, entries without one last, a page at a time', async () => {
    const { base, entries } = await fixture();
    await server.api.put(base, {
      operations: [
        { type: 'insert', translations: { en: 'zebra', fr: 'zèbre' } },
        { type: 'insert', translations: { en: 'Apple' } },
        { type: 'insert', translations: { fr: 'banane' } },
        { type: 'insert', translations: { en: 'mango', fr: 'mangue' } },
      ],
    });
    const english = (list: Entry[]) => list.map((entry) => entry.translations.en ?? `(${entry.translations.fr})`);
    expect(english(await entries('?orderBy=en'))).toEqual(['Apple', 'mango', 'zebra', '(banane)']);
    expect(english(await entries())).toEqual(['zebra', 'Apple', '(banane)', 'mango']);

    const first = await server.api.get(`${base}?orderBy=en&limit=3`);
    expect(english(first.body.items)).toEqual(['Apple', 'mango', 'zebra']);
    const second = await server.api.get(`${base}?orderBy=en&limit=3&page=${first.body.next.page}`);
    expect(english(second.body.items)).toEqual(['(banane)']);
    expect(second.body.next).toBeUndefined();
  });

  it('returns 400 naming the field for a bad operation, and changes nothing', async () => {
    const { base, entries } = await fixture();
    await server.api.put(base, { operations: [{ type: 'insert', translations: { en: 'Site' } }] });
    const before = await entries();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /^operations: /],
      [{ operations: [{ type: 'insert', translations: {} }] }, /^operations\.0\.translations: /],
      [{ operations: [{ type: 'insert', translations: { xx: 'term' } }] }, /^operations\.0\.translations/],
      [{ operations: [{ type: 'insert', translations: { en: 'two\nlines' } }] }, /^operations\.0\.translations\.en: /],
      [{ operations: [{ type: 'insert', translations: { en: 'x'.repeat(256) } }] }, /^operations\.0\.translations\.en: /],
      [{ operations: [{ type: 'rename', id: before[0]!.id }] }, /^operations\.0/],
      // The insert before it is undone with it: the request changes nothing.
      [{ operations: [{ type: 'insert', translations: { en: 'Page' } }, { type: 'delete', id: 'nope' }] }, /^operations\.1\.id: no glossary entry "nope"/],
      [{ operations: [{ type: 'delete', id: before[0]!.id }, { type: 'update', id: before[0]!.id, translations: { en: 'x' } }] }, /^operations\.1\.id: /],
    ];
    for (const [body, message] of cases) {
      const answer = await server.api.put(base, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await server.api.get(`${base}?orderBy=nope`)).status).toBe(400);
    expect(await entries()).toEqual(before);
  });

  it('lets members read it and only admins change it; others get 404, no token 401', async () => {
    const { org, base, entries } = await fixture();
    await server.api.put(base, { operations: [{ type: 'insert', translations: { en: 'Site' } }] });
    const [entry] = await entries();
    const member = await org.member('edit');
    expect((await member.api.get(base)).body.items).toEqual([entry]);
    expect((await member.api.get(`${base}/${entry!.id}`)).status).toBe(200);
    const refused = await member.api.put(base, { operations: [{ type: 'delete', id: entry!.id }] });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('admin');

    const stranger = server.as(server.userToken('stranger-glossary@example.com').token);
    expect((await stranger.get(base)).status).toBe(404);
    expect((await stranger.get(`${base}/${entry!.id}`)).status).toBe(404);
    expect((await server.as(undefined).get(base)).status).toBe(401);
    // Another organization's entry is not found under this one.
    const other = await fixture();
    expect((await server.api.get(`${other.base}/${entry!.id}`)).status).toBe(404);
    expect(await entries()).toEqual([entry]);
  });
});
