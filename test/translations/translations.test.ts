import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

const instructions = {
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep "Folio" untranslated.', marks: [] }] }] }],
};

async function fixture() {
  const org = await newOrganization(server, 'Translations');
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body as { id: string };
  const base = `/v1/orgs/${org.id}/translations`;
  return { org, space, base };
}

describe('translations', () => {
  it('creates a translation (201, Location) with the spec fields, a title and its languages', async () => {
    const { space, base } = await fixture();
    const created = await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'fr', title: 'French guide', instructions });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.url}${base}/${created.body.id}`);
    expect(created.body).toMatchObject({
      object: 'translation',
      title: 'French guide',
      languages: ['en', 'fr'],
      status: 'pending',
      source: { space: space.id, language: 'en' },
      language: 'fr',
      instructions,
      stats: { runs: 0, totalWords: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `${server.url}${base}/${created.body.id}` },
    });
    expect(created.body.createdAt).toBe(created.body.updatedAt);
    expect((await server.api.get(`${base}/${created.body.id}`)).body).toEqual(created.body);
  });

  it('gives a translation made without instructions an empty document and no title', async () => {
    const { space, base } = await fixture();
    const created = await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'pt-br' });
    expect(created.body).toMatchObject({ title: null, instructions: { object: 'document', data: {}, nodes: [] } });
  });

  it('refuses a bad body with a 400 naming the field, and stores nothing', async () => {
    const { org, space, base } = await fixture();
    const other = await fixture();
    const cases: Array<[unknown, RegExp]> = [
      [{ language: 'fr' }, /^source:/],
      [{ source: { space: space.id, language: 'en' } }, /^language:/],
      [{ source: { space: space.id, language: 'en' }, language: 'klingon' }, /^language:/],
      [{ source: { space: space.id, language: 'xx' }, language: 'fr' }, /^source\.language:/],
      [{ source: { space: 'missing', language: 'en' }, language: 'fr' }, /^source\.space: no space "missing"/],
      [{ source: { space: other.space.id, language: 'en' }, language: 'fr' }, /^source\.space:/],
      [{ source: { space: space.id, language: 'en' }, language: 'en' }, /^language: must differ/],
      [{ source: { space: space.id, language: 'en' }, language: 'fr', title: 'x'.repeat(101) }, /^title:/],
      [{ source: { space: space.id, language: 'en' }, language: 'fr', instructions: { object: 'page', data: {}, nodes: [] } }, /^instructions\.object:/],
      [{ source: { space: space.id, language: 'en' }, language: 'fr', instructions: { object: 'document', data: {}, nodes: [{ type: 'x' }] } }, /^instructions\.nodes\.0\.object:/],
      [{ source: { space: space.id, language: 'en' }, language: 'fr', unknown: 1 }, /unknown/],
    ];
    for (const [body, message] of cases) {
      const res = await server.api.post(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await server.api.get(`/v1/orgs/${org.id}/translations`)).body).toEqual({ items: [], count: 0 });
  });

  it('lists translations oldest first, page by page, with the count over every page', async () => {
    const { space, base } = await fixture();
    const made: string[] = [];
    for (const language of ['fr', 'de', 'ja']) made.push((await server.api.post(base, { source: { space: space.id, language: 'en' }, language })).body.id);
    const first = await server.api.get(`${base}?limit=2`);
    expect(first.body.items.map((t: { id: string }) => t.id)).toEqual(made.slice(0, 2));
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`${base}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body.items.map((t: { id: string }) => t.id)).toEqual(made.slice(2));
    expect(second.body.next).toBeUndefined();
    expect((await server.api.get(`${base}?page=forged`)).body.error.message).toMatch(/^page:/);
  });

  it('updates the instructions (the spec) and the title (the description) with PUT', async () => {
    const { space, base } = await fixture();
    const created = (await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'fr' })).body;
    const updated = await server.api.put(`${base}/${created.id}`, { instructions });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ instructions, title: null, language: 'fr' });
    const titled = await server.api.put(`${base}/${created.id}`, { title: 'Français' });
    expect(titled.body).toMatchObject({ instructions, title: 'Français' });
    const empty = await server.api.put(`${base}/${created.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^instructions:/);
    expect((await server.api.put(`${base}/missing`, { title: 'x' })).status).toBe(404);
  });

  it('deletes a translation (205), then answers 204 and 404 for it', async () => {
    const { space, base } = await fixture();
    const created = (await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'fr' })).body;
    expect((await server.api.delete(`${base}/${created.id}`)).status).toBe(205);
    expect((await server.api.delete(`${base}/${created.id}`)).status).toBe(204);
    expect((await server.api.get(`${base}/${created.id}`)).status).toBe(404);
  });

  it("lets members read, only admins write, and hides the organization's translations from guests and outsiders", async () => {
    const { org, space, base } = await fixture();
    const created = (await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'fr' })).body;
    const reader = await org.member('read');
    const listed = await reader.api.get(base);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0].permissions).toEqual({ view: true, edit: false });
    for (const res of [
      await reader.api.post(base, { source: { space: space.id, language: 'en' }, language: 'de' }),
      await reader.api.put(`${base}/${created.id}`, { title: 'Mine' }),
      await reader.api.delete(`${base}/${created.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/"admin" role/);
    }
    const guest = await org.member(null, 'guest');
    expect((await guest.api.get(base)).status).toBe(404);
    const outsider = server.userToken('outsider-translations@example.com');
    expect((await server.as(outsider.token).get(`${base}/${created.id}`)).status).toBe(404);
    expect((await server.as(outsider.token).delete(`${base}/${created.id}`)).status).toBe(404);
    expect((await server.api.get(`${base}/${created.id}`)).body.title).toBeNull();
  });

  it('leaves machine translation out: running one is an unknown endpoint (404)', async () => {
    const { space, base } = await fixture();
    const created = (await server.api.post(base, { source: { space: space.id, language: 'en' }, language: 'fr' })).body;
    const run = await server.api.post(`${base}/${created.id}/run`, {});
    expect(run.status).toBe(404);
    expect(run.body.error.message).toMatch(/No API endpoint/);
  });
});
