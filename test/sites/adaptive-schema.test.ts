import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function siteFixture() {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body as { id: string; createdAt: string };
  return { org, site, schema: `/v1/orgs/${org.id}/sites/${site.id}/adaptive-schema` };
}

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Whether the visitor is a Beta user.' },
    plan: { type: 'string', description: 'Plan', enum: ['free', 'pro'] },
    name: { type: 'string', description: 'Name' },
    seats: { type: 'number', description: 'Seats' },
    roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'Role', enum: ['admin', 'dev'] } },
    'dashed-flag': { type: 'boolean', description: 'Dashed' },
    company: {
      type: 'object',
      description: 'Company',
      properties: { isPartner: { type: 'boolean', description: 'Partner' } },
      additionalProperties: false,
    },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { language: { type: 'string', description: 'Language', enum: ['en', 'fr'] }, optIn: { type: 'boolean', description: 'Opted in' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

describe('site adaptive schema', () => {
  it("starts as the empty schema, dated at the site's creation", async () => {
    const { site, schema } = await siteFixture();
    const res = await server.api.get(schema);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: { type: 'object', properties: {}, additionalProperties: false },
      updatedAt: site.createdAt,
    });
    expect((await server.api.get(`${schema}/template-conditions`)).body).toEqual({ items: [] });
  });

  it('replaces the schema and dates the change', async () => {
    const { site, schema } = await siteFixture();
    const put = await server.api.put(schema, { jsonSchema: SCHEMA });
    expect(put.status).toBe(200);
    expect(put.body.jsonSchema).toEqual(SCHEMA);
    expect(put.body.updatedAt >= site.createdAt).toBe(true);
    expect((await server.api.get(schema)).body).toEqual(put.body);
  });

  it('offers template conditions for boolean and enum claims, nested and unsigned ones included', async () => {
    const { schema } = await siteFixture();
    await server.api.put(schema, { jsonSchema: SCHEMA });
    const res = await server.api.get(`${schema}/template-conditions`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { condition: string }) => i.condition)).toEqual([
      'visitor.claims.isBetaUser === true',
      'visitor.claims.plan === "free"',
      'visitor.claims.plan === "pro"',
      'visitor.claims.roles.includes("admin")',
      'visitor.claims.roles.includes("dev")',
      'visitor.claims["dashed-flag"] === true',
      'visitor.claims.company.isPartner === true',
      'visitor.claims.unsigned.language === "en"',
      'visitor.claims.unsigned.language === "fr"',
      'visitor.claims.unsigned.optIn === true',
    ]);
    expect(res.body.items[0]).toEqual({ description: 'Whether the visitor is a Beta user.', condition: 'visitor.claims.isBetaUser === true' });
    expect(res.body.items[1].description).toBe('Plan is "free"');
  });

  const withClaim = (claim: unknown) => ({ ...SCHEMA, properties: { ...SCHEMA.properties, bad: claim } });

  it.each([
    [{ ...SCHEMA, type: 'array' }, /^jsonSchema\.type: must be "object"/],
    [{ ...SCHEMA, additionalProperties: true }, /^jsonSchema\.additionalProperties: must be false/],
    [{ ...SCHEMA, $schema: 'https://json-schema.org/draft/2020-12/schema' }, /^jsonSchema\.\$schema: must be "http:\/\/json-schema.org\/draft-07\/schema#"/],
    [{ ...SCHEMA, $id: 'https://example.com/s' }, /^jsonSchema\.\$id: not allowed here/],
    [{ type: 'object', additionalProperties: false }, /^jsonSchema\.properties: is required/],
    [withClaim({ type: 'date', description: 'When' }), /^jsonSchema\.properties\.bad\.type: must be one of boolean, string, number, array, object/],
    [withClaim({ type: 'boolean' }), /^jsonSchema\.properties\.bad\.description: is required/],
    [withClaim({ type: 'boolean', description: 3 }), /^jsonSchema\.properties\.bad\.description: must be a string/],
    [withClaim({ type: 'boolean', description: 'x', default: true }), /^jsonSchema\.properties\.bad\.default: not allowed here/],
    [withClaim({ type: 'string', description: 'x', enum: [1, 2] }), /^jsonSchema\.properties\.bad\.enum: must be an array of strings/],
    [withClaim({ type: 'array', description: 'x', items: { type: 'object', description: 'y', properties: {}, additionalProperties: false } }), /^jsonSchema\.properties\.bad\.items\.type: must be one of boolean, string, number$/],
    [withClaim({ type: 'object', description: 'x', properties: {}, additionalProperties: true }), /^jsonSchema\.properties\.bad\.additionalProperties: must be false/],
    [withClaim({ type: 'object', description: 'x', properties: { deep: { type: 'nope', description: 'y' } }, additionalProperties: false }), /^jsonSchema\.properties\.bad\.properties\.deep\.type:/],
    [withClaim('yes'), /^jsonSchema\.properties\.bad: must be an object describing the claim/],
    [{ ...SCHEMA, properties: { constructor: { type: 'boolean', description: 'x' } } }, /^jsonSchema\.properties\.constructor: is a reserved name/],
    [{ ...SCHEMA, properties: { unsigned: { ...SCHEMA.properties.unsigned, description: 'Mine' } } }, /^jsonSchema\.properties\.unsigned\.description: must be "Unsigned claims of the site visitor\."/],
    [{ ...SCHEMA, properties: { unsigned: { ...SCHEMA.properties.unsigned, additionalProperties: true } } }, /^jsonSchema\.properties\.unsigned\.additionalProperties: must be false/],
    [{ ...SCHEMA, properties: { unsigned: { ...SCHEMA.properties.unsigned, properties: { x: { type: 'boolean' } } } } }, /^jsonSchema\.properties\.unsigned\.properties\.x\.description: is required/],
  ])('returns 400 naming the field for a schema GitBook would refuse (%#)', async (jsonSchema, message) => {
    const { site, schema } = await siteFixture();
    const res = await server.api.put(schema, { jsonSchema });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(schema)).body.updatedAt).toBe(site.createdAt);
  });

  it.each([
    [{ type: 'string', description: 'x', enum: [] }, /^jsonSchema\.properties\.bad\.enum: not a valid draft-07 JSON Schema \(must NOT have fewer than 1 items\)/],
    [{ type: 'string', description: 'x', enum: ['a', 'a'] }, /^jsonSchema\.properties\.bad\.enum: not a valid draft-07 JSON Schema \(must NOT have duplicate items/],
  ])('returns 400 naming the field for a schema that is not valid draft-07 (%#)', async (claim, message) => {
    const { schema } = await siteFixture();
    const res = await server.api.put(schema, { jsonSchema: withClaim(claim) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('refuses objects nested deeper than 8 levels', async () => {
    const { schema } = await siteFixture();
    const nest = (depth: number): unknown =>
      depth === 0 ? { type: 'boolean', description: 'leaf' } : { type: 'object', description: 'level', properties: { x: nest(depth - 1) }, additionalProperties: false };
    const ok = await server.api.put(schema, { jsonSchema: { type: 'object', properties: { x: nest(7) }, additionalProperties: false } });
    expect(ok.status).toBe(200);
    const res = await server.api.put(schema, { jsonSchema: { type: 'object', properties: { x: nest(8) }, additionalProperties: false } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^jsonSchema\.properties(\.x\.properties)*\.x: claims nest at most 8 objects deep/);
  });

  it.each([[{}], [{ jsonSchema: 'object' }], [{ jsonSchema: SCHEMA, extra: 1 }]])('returns 400 for the body %j', async (body) => {
    const { schema } = await siteFixture();
    const res = await server.api.put(schema, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^(jsonSchema|body):|extra/);
  });

  it('lets members read the schema and its conditions, and only admins replace it', async () => {
    const { org, schema } = await siteFixture();
    await server.api.put(schema, { jsonSchema: SCHEMA });
    const reader = await org.member('read');
    expect((await reader.api.get(schema)).body.jsonSchema).toEqual(SCHEMA);
    expect((await reader.api.get(`${schema}/template-conditions`)).body.items).toHaveLength(10);
    const editor = await org.member('edit');
    const refused = await editor.api.put(schema, { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/admin/);
    expect((await server.api.get(schema)).body.jsonSchema).toEqual(SCHEMA);
  });

  it('answers 404 to non-members', async () => {
    const { schema } = await siteFixture();
    const stranger = server.as(server.userToken('schema-stranger@example.com').token);
    expect((await stranger.get(schema)).status).toBe(404);
    expect((await stranger.get(`${schema}/template-conditions`)).status).toBe(404);
    expect((await stranger.put(schema, { jsonSchema: SCHEMA })).status).toBe(404);
  });
});
