import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src-main/http/static-files';

const directives = (policy: string) => policy.split(';').map((directive) => directive.trim()).filter(Boolean);
const metaPolicy = () => {
  const html = readFileSync(new URL('../../src-renderer/index.html', import.meta.url), 'utf8');
  return /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
};

describe('src-renderer/index.html', () => {
  it('carries the Content-Security-Policy the host sends, but for frame-ancestors and the desktop window\'s live channel', () => {
    const header = directives(CONTENT_SECURITY_POLICY);
    // The desktop window (a file:// page) reaches its own loopback host's WebSocket; in a browser the header's
    // connect-src 'self' applies as well, so the page still connects nowhere but its own origin.
    const expected = header
      .filter((directive) => !directive.startsWith('frame-ancestors'))
      .map((directive) => (directive === "connect-src 'self'" ? "connect-src 'self' ws://127.0.0.1:*" : directive));
    expect(metaPolicy()).toBe(expected.join('; '));
  });

  it('leaves frame-ancestors to the header, where browsers honour it (in a meta tag it is an error on the console)', () => {
    expect(directives(metaPolicy()!).some((directive) => directive.startsWith('frame-ancestors'))).toBe(false);
    expect(directives(CONTENT_SECURITY_POLICY)).toContain("frame-ancestors 'none'");
  });
});
