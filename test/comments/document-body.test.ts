import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { spaceWithPage } from './setup';

const server = useTestServer();

const paragraph = (text: string) => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

describe("comment bodies as GitBook's JSON document", () => {
  it('stores a JSON document body as markdown and answers it in either format', async () => {
    const { pageId, comments } = await spaceWithPage(server);
    const posted = await server.api.post(comments, { page: pageId, body: { document: paragraph('Looks good') } });
    expect(posted.status).toBe(200);
    expect(posted.body.body).toEqual({ markdown: 'Looks good\n' });
    const asDocument = await server.api.get(`${comments}/${posted.body.id}?format=document`);
    expect(JSON.stringify(asDocument.body.body.document)).toContain('Looks good');

    const reply = await server.api.post(`${comments}/${posted.body.id}/replies`, { body: { document: paragraph('Thanks') } });
    expect(reply.body.body).toEqual({ markdown: 'Thanks\n' });
  });

  it('refuses an empty or malformed document, naming the field', async () => {
    const { pageId, comments } = await spaceWithPage(server);
    const empty = await server.api.post(comments, { page: pageId, body: { document: { object: 'document', data: {}, nodes: [] } } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^body\.document:/);
    const malformed = await server.api.post(comments, { page: pageId, body: { document: { nodes: 3 } } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/^body\.document:/);
  });
});
