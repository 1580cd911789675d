import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api';
import { docxAround, docxOfParagraphs } from '../support/docx-bombs';
import { type RunningServer, spawnServer } from '../support/process';
import { contentEntry, zerosEntry, zipArchive } from '../support/zip-bombs';

/**
 * The bombs against a real `folio serve` whose JavaScript heap is capped at 256 MB: each bomb would
 * take gigabytes once unpacked or parsed (the unbounded import died or peaked past 1 GB on them); the
 * server must answer 400, stay up, and its peak resident memory must barely move.
 */
const TOKEN = 'bomb-memory-test-admin-token-0123456789';
const MB = 1_000_000;
let folder: string;
let server: RunningServer;
let api: ApiClient;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'folio-bomb-memory-'));
  server = await spawnServer(['--data', join(folder, 'data'), '--port', '0', '--allow-file-imports'], {
    FOLIO_ADMIN_TOKEN: TOKEN,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim(),
  });
  api = apiClient(server.url, TOKEN);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

function fileUrl(name: string, bytes: Uint8Array): string {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return pathToFileURL(path).href;
}

/** The server's peak resident memory so far (Linux' VmHWM), or undefined where /proc is missing. */
function peakResidentBytes(): number | undefined {
  const status = `/proc/${server.child.pid}/status`;
  if (!existsSync(status)) return undefined;
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(status, 'utf8'))?.[1];
  return kib ? Number(kib) * 1024 : undefined;
}

describe('decompression bombs against a server with a 256 MB heap', { timeout: 240_000 }, () => {
  it('refuses every bomb with a 400, stays up, and keeps its peak memory within 100 MB of an ordinary import', async () => {
    // Built before the first request: making them blocks this process for seconds on a loaded machine, long enough
    // for the server to close an idle keep-alive connection that fetch would then reuse ("other side closed").
    const bombs: Array<[string, string, Uint8Array, RegExp]> = [
      // ~20 KB holding 12 MiB of Word XML: parsed, it took about 1 GB.
      ['docx', 'xml.docx', docxOfParagraphs(120_000), /^url: the \.docx document's XML unpacks to more than/],
      // ~1 MB inflating to 2 GiB while its headers claim 1,000 bytes.
      ['docx', 'liar.docx', docxAround(zerosEntry('word/document.xml', 2048, 1000)), /^url: the \.docx document's file "word\/document\.xml" unpacks to more than the 1000 bytes/],
      ['zip', 'liar.zip', zipArchive([contentEntry('README.md', '# Hi\n'), zerosEntry('guide.md', 2048, 1000)]), /^url: the archive's file "guide\.md" unpacks to more than the 1000 bytes/],
    ];

    const org = (await api.post('/v1/orgs', { title: 'Bombs' })).body.id as string;
    const space = async () => (await api.post(`/v1/orgs/${org}/spaces`, {})).body.id as string;
    const importInto = async (spaceId: string, source: string, url: string) => api.post(`/v1/spaces/${spaceId}/content/import`, { url, source });

    // An ordinary document first: what an import costs anyway (mammoth loaded, a document parsed).
    expect((await importInto(await space(), 'docx', fileUrl('ordinary.docx', docxOfParagraphs(2_000)))).status).toBe(201);
    const before = peakResidentBytes();

    for (const [source, name, bytes, message] of bombs) {
      const res = await importInto(await space(), source, fileUrl(name, bytes));
      expect(res.status, name).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }

    expect((await api.get('/v1/user')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    const after = peakResidentBytes();
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(100 * MB);
  });
});
