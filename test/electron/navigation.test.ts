import { describe, expect, it } from 'vitest';
import { isAppNavigation, isExternalWebUrl } from '../../src-main/electron/navigation';

describe('isAppNavigation', () => {
  const built = 'file:///Applications/Folio.app/Contents/Resources/app/out/renderer/index.html';

  it('allows the built page itself, and nothing else on disk', () => {
    expect(isAppNavigation(`${built}#members`, built)).toBe(true);
    expect(isAppNavigation(`${built}?reload=1`, built)).toBe(true);
    expect(isAppNavigation('file:///etc/passwd', built)).toBe(false);
    expect(isAppNavigation('https://example.com/', built)).toBe(false);
  });

  it("allows the dev server's origin only", () => {
    const dev = 'http://localhost:5173/';
    expect(isAppNavigation('http://localhost:5173/o/abc', dev)).toBe(true);
    expect(isAppNavigation('http://localhost:5174/', dev)).toBe(false);
    expect(isAppNavigation('https://localhost:5173/', dev)).toBe(false);
  });

  it('refuses what is not a URL', () => {
    expect(isAppNavigation('not a url', built)).toBe(false);
    expect(isAppNavigation('javascript:alert(1)', built)).toBe(false);
  });
});

describe('isExternalWebUrl', () => {
  it('accepts web pages only', () => {
    expect(isExternalWebUrl('https://docs.example.com/page')).toBe(true);
    expect(isExternalWebUrl('http://127.0.0.1:5740/v1')).toBe(true);
    expect(isExternalWebUrl('file:///etc/passwd')).toBe(false);
    expect(isExternalWebUrl('smb://share/x')).toBe(false);
    expect(isExternalWebUrl('nonsense')).toBe(false);
  });
});
