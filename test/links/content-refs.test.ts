import { describe, expect, it } from 'vitest';
import { documentRefResolver, documentRefWriter, linkScopeOf, type LayoutPage } from '../../src-main/links/content-refs';

// GitBook's layout of this tree: home is README.md (the first page), guides/README.md,
// guides/install.md, guides/advanced/README.md, guides/advanced/tuning.md, reference.md.
const page = (page_id: string, path: string, parent_id: string | null, position: number, kind = 'document'): LayoutPage => ({
  page_id,
  path,
  parent_id,
  position,
  kind,
});
const PAGES = [
  page('reference', 'reference', null, 2),
  page('guides', 'guides', null, 1),
  page('home', 'home', null, 0),
  page('install', 'guides/install', 'guides', 0),
  page('advanced', 'guides/advanced', 'guides', 1),
  page('tuning', 'guides/advanced/tuning', 'advanced', 0),
];
const FILES = [
  { file_id: 'diagram', name: 'diagram.png' },
  { file_id: 'shot', name: 'image (1).png' },
];
const scope = linkScopeOf(PAGES, FILES, 'http://127.0.0.1:5740');

// [page the link is written in, the link as GitBook writes it, the reference it is]
const CASES: Array<[string, string, unknown]> = [
  ['install', '../reference.md', { kind: 'page', page: 'reference' }],
  ['install', 'advanced/README.md', { kind: 'page', page: 'advanced' }],
  ['install', 'advanced/tuning.md#knobs', { kind: 'anchor', anchor: 'knobs', page: 'tuning' }],
  ['install', '../README.md', { kind: 'page', page: 'home' }],
  ['install', '../.gitbook/assets/diagram.png', { kind: 'file', file: 'diagram' }],
  ['install', 'install.md#linux', { kind: 'anchor', anchor: 'linux', page: 'install' }],
  ['install', '#linux', { kind: 'anchor', anchor: 'linux' }],
  ['advanced', 'tuning.md', { kind: 'page', page: 'tuning' }],
  ['advanced', '../install.md', { kind: 'page', page: 'install' }],
  ['advanced', '../../.gitbook/assets/image (1).png', { kind: 'file', file: 'shot' }],
  ['tuning', '../README.md', { kind: 'page', page: 'guides' }],
  ['tuning', '../../README.md', { kind: 'page', page: 'home' }],
  ['home', 'guides/install.md', { kind: 'page', page: 'install' }],
  ['home', 'reference.md#api', { kind: 'anchor', anchor: 'api', page: 'reference' }],
  ['home', '.gitbook/assets/diagram.png', { kind: 'file', file: 'diagram' }],
  ['guides', 'advanced/tuning.md', { kind: 'page', page: 'tuning' }],
];

describe('references in GitBook’s file layout', () => {
  it.each(CASES)('reads %s’s link %s as a reference', (source, url, ref) => {
    // Markdown hands over URLs percent-encoded; the resolver reads them decoded.
    expect(documentRefResolver(scope, source)(encodeURI(url), 'link')).toEqual(ref);
  });

  it.each(CASES)('writes the reference back from %s as %s', (source, url, ref) => {
    expect(documentRefWriter(scope, source)(ref as Parameters<ReturnType<typeof documentRefWriter>>[0])).toBe(url);
  });

  it('leaves URLs, broken links and unknown ids to their defaults', () => {
    const resolve = documentRefResolver(scope, 'install');
    expect(resolve('https://example.com/install.md', 'link')).toBeUndefined();
    expect(resolve('nowhere.md', 'link')).toBeUndefined();
    expect(resolve('../.gitbook/assets/missing.png', 'image')).toBeUndefined();
    const write = documentRefWriter(scope, 'install');
    expect(write({ kind: 'page', page: 'gone' })).toBeUndefined();
    expect(write({ kind: 'file', file: 'gone' })).toBeUndefined();
  });

  it('reads a body that belongs to no page relative to the root', () => {
    expect(documentRefResolver(scope, null)('guides/install.md#x', 'link')).toEqual({ kind: 'anchor', anchor: 'x', page: 'install' });
    expect(documentRefWriter(scope, null)({ kind: 'page', page: 'tuning' })).toBe('guides/advanced/tuning.md');
  });
});
