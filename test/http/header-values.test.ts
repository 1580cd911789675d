import { describe, expect, it } from 'vitest';
import { contentDisposition, encodeLocation, sendableHeader, sendableMediaType } from '../../src-main/http/header-values';
import { isMediaType } from '../../src-shared/schemas/header-values';

describe('header values', () => {
  it('names any file in Content-Disposition, lone surrogates included, never refusing it', () => {
    expect(contentDisposition('inline', 'notes.txt')).toBe('inline; filename="notes.txt"');
    expect(contentDisposition('attachment', 'a\u0000b\r\n.txt')).toBe(`attachment; filename="a_b__.txt"; filename*=UTF-8''a%00b%0D%0A.txt`);
    expect(contentDisposition('inline', 'x\uD800.txt')).toBe(`inline; filename="x_.txt"; filename*=UTF-8''x%EF%BF%BD.txt`);
    expect(contentDisposition('inline', "it's (1)*.txt")).toBe(`inline; filename="it's (1)*.txt"`);
    expect(contentDisposition('inline', "☃ it's.txt")).toBe(`inline; filename="_ it's.txt"; filename*=UTF-8''%E2%98%83%20it%27s.txt`);
  });

  it('percent-encodes a Location beyond ASCII, absolute or relative', () => {
    expect(encodeLocation('https://exämple.com/☃?q=é')).toBe('https://xn--exmple-cua.com/%E2%98%83?q=%C3%A9');
    expect(encodeLocation('/sites/a b/☃\uDC00')).toBe('/sites/a%20b/%E2%98%83%EF%BF%BD');
    expect(encodeLocation('https://[broken')).toBeUndefined();
  });

  it('keeps what Node can send and drops what it cannot', () => {
    expect(sendableHeader('Content-Security-Policy', "default-src 'self'")).toBe("default-src 'self'");
    expect(sendableHeader('Content-Security-Policy', 'a\u0000')).toBeUndefined();
    expect(sendableHeader('Content-Security-Policy', 'a ☃')).toBeUndefined();
    expect(sendableHeader('Set-Cookie', ['a=1', 'b=\n2'])).toEqual(['a=1']);
    expect(sendableHeader('Bad Name', 'x')).toBeUndefined();
  });

  it('sends a stored type that is no media type as bytes', () => {
    expect(sendableMediaType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(sendableMediaType('text/plain\u0000')).toBe('application/octet-stream');
    expect(sendableMediaType('')).toBe('application/octet-stream');
    expect(isMediaType('image/svg+xml')).toBe(true);
    expect(isMediaType('text/plain; charset="a b"')).toBe(true);
    expect(isMediaType('text/plain; charset')).toBe(false);
    expect(isMediaType('text')).toBe(false);
  });
});
