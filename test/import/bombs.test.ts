import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_MAX_UNPACKED_BYTES, DOCX_MAX_XML_BYTES, MAX_IMAGE_PIXELS } from '../../src-main/expansion-limits';
import { DEFAULT_LIMITS } from '../../src-main/import/source';
import { docxAround, docxOfParagraphs, docxWithImages } from '../support/docx-bombs';
import { pngClaiming } from '../support/image-bombs';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { contentEntry, patchZipHeaders, zerosEntry, zipArchive } from '../support/zip-bombs';
import { trpcClient } from '../trpc/client';

// Sources are read from file:// URLs: no network is involved in what these tests check.
const server = useTestServer({ config: { allowFileImports: true } });
let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-bombs-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let written = 0;
function fileUrl(name: string, bytes: Uint8Array): string {
  written += 1;
  const path = join(folder, `${written}-${name}`);
  writeFileSync(path, bytes);
  return pathToFileURL(path).href;
}

async function importFile(source: 'zip' | 'docx', name: string, bytes: Uint8Array) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: source })).body.id as string;
  const res = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: fileUrl(name, bytes), source });
  const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as unknown[];
  return { res, pages, spaceId };
}

const README = contentEntry('README.md', '# Welcome\n');
const maxBytes = DEFAULT_LIMITS.maxBytes;

describe('zip imports of archives that unpack past the limits', () => {
  it.each([
    ['one entry claiming 1 GiB', [README, zerosEntry('big.bin', 1024)], `url: the archive's file "big.bin" unpacks to more than ${maxBytes} bytes`],
    [
      'entries its page uses claiming 120 MiB together',
      [contentEntry('README.md', '# Welcome\n\n[a](a.bin) [b](b.bin) [c](c.bin)\n'), zerosEntry('a.bin', 40), zerosEntry('b.bin', 40), zerosEntry('c.bin', 40)],
      `url: the archive unpacks to more than ${maxBytes} bytes`,
    ],
  ])('answers 400 for %s, and imports nothing', async (_, entries, message) => {
    const { res, pages } = await importFile('zip', 'bomb.zip', zipArchive(entries));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(pages).toEqual([]);
  });

  it('neither unpacks nor counts the files no page uses', async () => {
    const entries = [contentEntry('README.md', '# Welcome\n\n[a](a.bin)\n'), zerosEntry('a.bin', 40), zerosEntry('b.bin', 40), zerosEntry('c.bin', 40)];
    const { res, pages } = await importFile('zip', 'unused.zip', zipArchive(entries));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ importedResources: 2, totalResources: 2 });
    expect(pages).toHaveLength(1);
  });

  it('answers 400 for an entry that inflates to 1 GiB while claiming 1,000 bytes, counting what it really produces', async () => {
    const { res, pages } = await importFile('zip', 'liar.zip', zipArchive([README, zerosEntry('notes.md', 1024, 1000)]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`url: the archive's file "notes.md" unpacks to more than the 1000 bytes it declares`);
    expect(pages).toEqual([]);
  });

  it('answers 400 for more files than the import takes', async () => {
    const entries = Array.from({ length: DEFAULT_LIMITS.maxFiles + 1 }, (_, i) => contentEntry(`page-${i}.md`, `# Page ${i}\n`));
    const { res } = await importFile('zip', 'many.zip', zipArchive(entries));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`url: the archive holds more than ${DEFAULT_LIMITS.maxFiles} files`);
  });
});

describe('zip imports of archives that are not what they declare', () => {
  const honest = () => zipSync({ 'README.md': strToU8('# Welcome\n\nHello.\n'), 'guide.md': strToU8('# Guide\n') });

  it.each([
    ['an entry declaring more than it holds', { declaredSize: 5_000 }, /^url: the archive's file "README.md" unpacks to 18 bytes, not the 5000 it declares$/],
    ['an encrypted entry', { flags: 1 }, /^url: the archive's file "README.md" is encrypted, which Folio cannot read$/],
    ['an entry compressed with bzip2', { method: 12 }, /^url: the archive's file "README.md" is compressed with method 12, which Folio cannot read/],
  ])('answers 400 for %s (headers of a real archive rewritten)', async (_, change, message) => {
    const zip = patchZipHeaders(honest(), (fields) => {
      if (fields.name === 'README.md') Object.assign(fields, change);
    });
    const { res, pages } = await importFile('zip', 'patched.zip', zip);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(pages).toEqual([]);
  });

  it.each([['../outside.md'], ['/etc/outside.md'], ['docs\\..\\..\\outside.md'], ['C:/outside.md']])('answers 400 for an entry named %s', async (name) => {
    const { res } = await importFile('zip', 'escape.zip', zipArchive([README, contentEntry(name, '# Out\n')]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^url: the archive's file ".*" points outside the archive's folder$/);
  });

  it.each([
    // Made by Python's zipfile: the second entry's offset in a zip64 field; then one written to a pipe
    // (sizes in a data descriptor after the data) with a UTF-8 name.
    [
      'UEsDBBQAAAAIAAeWeV05SWj0CgAAAAgAAAAEAAAAYS5tZFNWcMwpyEjkAgBQSwMEFAAAAAgAB5Z5XSWGlYUJAAAABwAAAAQAAABiLm1kU1ZwSi1J5AIAUEsBAhQDFAAAAAgAB5Z5XTlJaPQKAAAACAAAAAQAAAAAAAAAAAAAAIABAAAAAGEubWRQSwECLQMtAAAACAAHlnldJYaVhQkAAAAHAAAABAAMAAAAAAAAAAAAgAH/////Yi5tZAEACAAsAAAAAAAAAFBLBgYsAAAAAAAAAC0ALQAAAAAAAAAAAAIAAAAAAAAAAgAAAAAAAABwAAAAAAAAAFcAAAAAAAAAUEsGBwAAAADHAAAAAAAAAAEAAABQSwUGAAAAAAIAAgBwAAAAVwAAAAAA',
      ['Alpha', 'Beta'],
    ],
    ['UEsDBBQACAgIAAeWeV0AAAAAAAAAAAAAAAAMAAAAw5xuw69jb2RlLm1kU1Y4PCfv8Prk/JRULgBQSwcIVC9H9w4AAAAMAAAAUEsBAhQDFAAICAgAB5Z5XVQvR/cOAAAADAAAAAwAAAAAAAAAAAAAAIABAAAAAMOcbsOvY29kZS5tZFBLBQYAAAAAAQABADoAAABIAAAAAAA=', ['Ünïcode']],
  ])('reads an archive written by another tool (%#)', async (base64, titles) => {
    const { res, pages } = await importFile('zip', 'other.zip', Buffer.from(base64, 'base64'));
    expect(res.status).toBe(201);
    expect((pages as Array<{ title: string }>).map((p) => p.title)).toEqual(titles);
  });

  it('answers 400 for bytes that are not a zip archive', async () => {
    const { res } = await importFile('zip', 'fake.zip', strToU8('PK but not really a zip archive'));
    expect(res.body.error.message).toBe('url: not a zip archive Folio can read');
  });
});

describe('.docx imports that unpack past the limits', () => {
  it.each([
    ['a document part claiming 1 GiB', () => docxAround(zerosEntry('word/document.xml', 1024)), `url: the .docx document's file "word/document.xml" unpacks to more than ${DOCX_MAX_UNPACKED_BYTES} bytes`],
    ['a document part inflating to 1 GiB while claiming 1,000 bytes', () => docxAround(zerosEntry('word/document.xml', 1024, 1000)), `url: the .docx document's file "word/document.xml" unpacks to more than the 1000 bytes it declares`],
    ['parts claiming 60 MiB together', () => docxAround(zerosEntry('word/document.xml', 30), [zerosEntry('word/media/a.png', 30)]), `url: the .docx document unpacks to more than ${DOCX_MAX_UNPACKED_BYTES} bytes`],
    // About 20 KB on disk: the memory is in parsing what it unpacks to, not in unpacking it.
    ['12 MiB of real Word XML', () => docxOfParagraphs(120_000), `url: the .docx document's XML unpacks to more than ${DOCX_MAX_XML_BYTES} bytes`],
  ])('answers 400 for %s, imports nothing, and goes on answering', async (_, make, message) => {
    const { res, pages } = await importFile('docx', 'bomb.docx', make());
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(pages).toEqual([]);
    expect((await server.api.get('/v1/user')).status).toBe(200);
  });

  it('still imports a long document within the limits', async () => {
    const { res, pages } = await importFile('docx', 'long.docx', docxOfParagraphs(1_000));
    expect(res.status).toBe(201);
    expect(pages).toHaveLength(1);
  });

  it('fails an uploaded .docx bomb naming `data`, as an upload import reports', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
    const trpc = trpcClient(server.url, server.owner.token);
    const data = Buffer.from(docxAround(zerosEntry('word/document.xml', 256, 1000))).toString('base64');
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'docx', name: 'bomb.docx', data });
    const status = await finishedJob(trpc, jobId);
    expect(status).toMatchObject({ state: 'failed', error: `data: the .docx document's file "word/document.xml" unpacks to more than the 1000 bytes it declares` });
  });
});

describe('images of a .docx', () => {
  it('imports an image used twice as one file, and leaves out an image claiming too many pixels, saying so', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
    const trpc = trpcClient(server.url, server.owner.token);
    const docx = docxWithImages({ 'logo.png': pngImage(4, 4), 'huge.png': pngClaiming(100_000, 100_000) }, ['logo.png', 'huge.png', 'logo.png']);
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'docx', name: 'pictures.docx', data: Buffer.from(docx).toString('base64') });
    const status = await finishedJob(trpc, jobId);
    expect(status).toMatchObject({
      state: 'done',
      result: { pages: 1, files: 1, failures: [`image-2.png: the image claims 100000x100000 pixels, more than the ${MAX_IMAGE_PIXELS} Folio accepts`] },
    });
    const files = (await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.items;
    expect(files).toMatchObject([{ name: 'image-1.png', dimensions: { width: 4, height: 4 } }]);
  });
});

async function finishedJob(trpc: ReturnType<typeof trpcClient>, jobId: string) {
  // A deadline, not a count of polls: on a loaded machine an import may take seconds.
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const status = await trpc.content.importStatus.query({ jobId });
    if (status.state !== 'running') return status;
    if (Date.now() > giveUp) throw new Error('the import did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
