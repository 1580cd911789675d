import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfPage } from '../../src-main/pdf/render';
import { doc, voidBlock } from './documents';
import { readPdf } from './support';

describe('PDF of a document: embeds', () => {
  it("prints an embed under its page's fetched title, else its host, then its URL", async () => {
    const titled = 'https://www.youtube.com/watch?v=abc';
    const untitled = 'https://vimeo.com/42';
    const pages: PdfPage[] = [{ id: 'home', title: 'Home', markdown: '', document: doc(voidBlock('embed', { url: titled }), voidBlock('embed', { url: untitled })), depth: 0 }];
    const references = { embedTitle: (url: string) => (url === titled ? 'Launch video' : undefined) };
    const pdf = await readPdf(await renderPdf(pages, undefined, { title: 'Embeds', references }));
    const text = pdf.pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Launch video: ${titled}`);
    expect(text).toContain(`vimeo.com: ${untitled}`);
    expect(pdf.links[0]).toEqual([titled, untitled]);
  });
});
