import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { isoNow, type ServiceContext } from '../../src-main/app/context';
import { cutRevision, refreshTreeRows, treeDocId } from '../../src-main/content/engine';
import { createPage, editableTree } from '../../src-main/content/pages-service';
import { writeFile } from '../../src-main/content/tree-model';
import { PDF_MAX_IMAGE_PIXELS } from '../../src-main/expansion-limits';
import { uploadFile } from '../../src-main/files/service';
import { embeddableImage } from '../../src-main/pdf/images';
import { signedPdfUrl } from '../../src-main/pdf/signing';
import { storeBlob } from '../../src-main/store/content-files';
import { newId } from '../../src-main/store/ids';
import { getUserById } from '../../src-main/store/users';
import { jpegClaiming, pngClaiming } from '../support/image-bombs';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { readPdf } from './support';

const server = useTestServer();
let owner: ServiceContext;
let spaceId: string;

/**
 * Stores a file as an older Folio (or a replica) could have, past today's upload checks: the PDF
 * export must hold up on content that is already there.
 */
function plantFile(name: string, contentType: string, bytes: Uint8Array) {
  owner.docs.write((writer) => {
    const tree = editableTree(owner, spaceId);
    const now = isoNow(owner.clock);
    const hash = storeBlob(owner.db, bytes, now);
    writer.change(treeDocId(tree.treeId), (doc) => writeFile(doc, { id: newId(), name, contentType, hash, size: bytes.byteLength, createdAt: now }));
    refreshTreeRows(owner, tree);
    cutRevision(owner, tree, 'edits', owner.user.id);
  });
}

beforeAll(async () => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  const org = await newOrganization(server);
  spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Photos' })).body.id as string;
});

describe('PDF export of images whose header claims too many pixels', () => {
  it('prints them as their alt text without decoding them, and embeds the others', async () => {
    plantFile('huge.png', 'image/png', pngClaiming(100_000, 100_000));
    plantFile('huge.jpg', 'image/jpeg', jpegClaiming(60_000, 60_000));
    uploadFile(owner, spaceId, { name: 'small.png', contentType: 'image/png', bytes: pngImage(30, 20) });
    const markdown = ['![Huge PNG](.gitbook/assets/huge.png)', '![Huge JPEG](.gitbook/assets/huge.jpg)', '![Small](.gitbook/assets/small.png)'].join('\n\n');
    createPage(owner, spaceId, { title: 'Gallery', markdown });

    const res = await fetch(signedPdfUrl(server.app.db, server.url, { spaceId, treeId: spaceId, title: 'Photos' }, new Date()));
    expect(res.status).toBe(200);
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.pages.join('\n')).toContain('[Image: Huge PNG]');
    expect(pdf.pages.join('\n')).toContain('[Image: Huge JPEG]');
    expect(pdf.images.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('judges PNGs and JPEGs by the pixels their header claims', () => {
    const side = Math.floor(Math.sqrt(PDF_MAX_IMAGE_PIXELS));
    expect(embeddableImage(jpegClaiming(side, side))).toBe('jpeg');
    expect(embeddableImage(jpegClaiming(side + 1, side + 1))).toBeUndefined();
    expect(embeddableImage(jpegClaiming(60_000, 60_000))).toBeUndefined();
    expect(embeddableImage(pngClaiming(100_000, 100_000))).toBeUndefined();
  });
});
