import { describe, expect, it } from 'vitest';
import { uri } from '../../src-shared/schemas/common';

describe('uri', () => {
  it('keeps a URL as written, adding no trailing slash (a team server address is joined with paths)', () => {
    expect(uri.parse('http://127.0.0.1:5740')).toBe('http://127.0.0.1:5740');
    expect(uri.parse('https://Example.com/a/../b?q=1#top')).toBe('https://Example.com/a/../b?q=1#top');
  });

  it('percent-encodes what a URI cannot hold', () => {
    expect(uri.parse('https://example.com/sign-in/☃?next=é')).toBe('https://example.com/sign-in/%E2%98%83?next=%C3%A9');
    expect(uri.parse('https://example.com/a\u0000b')).toBe('https://example.com/a%00b');
  });

  it('refuses an unpaired surrogate and other schemes', () => {
    expect(uri.safeParse('https://example.com/\ud800').success).toBe(false);
    expect(uri.safeParse('ftp://example.com/').success).toBe(false);
  });
});
