import { beforeEach, describe, expect, it } from 'vitest';
import { clearSpecFileCache, MAX_SPEC_FILE_BYTES, specFileDocument } from '../../../src-main/sites/preview/spec-files';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A reader that counts how often the file's bytes were read. */
function reader(text: string) {
  const counted = { reads: 0, read: () => ((counted.reads += 1), bytes(text)) };
  return counted;
}

describe('spec files of a space, parsed for the published site', () => {
  beforeEach(() => clearSpecFileCache());

  it('reads JSON and YAML specs, and parses a file once for as long as its bytes stay the same', () => {
    const yaml = reader('openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /a: { get: { responses: {} } }\n');
    expect(specFileDocument({ hash: 'h-yaml', size: 80 }, yaml.read)?.openapi).toBe('3.1.0');
    expect(specFileDocument({ hash: 'h-yaml', size: 80 }, yaml.read)?.paths).toEqual({ '/a': { get: { responses: {} } } });
    expect(yaml.reads).toBe(1);
    const json = reader('{"swagger": "2.0", "paths": {}}');
    expect(specFileDocument({ hash: 'h-json', size: 30 }, json.read)?.swagger).toBe('2.0');
  });

  it('gives nothing for a file too large, not parsable, or not an OpenAPI document, and remembers a failure', () => {
    const large = reader('openapi: 3.0.0\npaths: {}\n');
    expect(specFileDocument({ hash: 'h-large', size: MAX_SPEC_FILE_BYTES + 1 }, large.read)).toBeUndefined();
    expect(large.reads).toBe(0);
    const broken = reader('openapi: 3.0.0\npaths: [unclosed\n');
    expect(specFileDocument({ hash: 'h-broken', size: 30 }, broken.read)).toBeUndefined();
    expect(specFileDocument({ hash: 'h-broken', size: 30 }, broken.read)).toBeUndefined();
    expect(broken.reads).toBe(1);
    expect(specFileDocument({ hash: 'h-list', size: 10 }, reader('- openapi\n').read)).toBeUndefined();
    expect(specFileDocument({ hash: 'h-unversioned', size: 10 }, reader('paths: {}\n').read)).toBeUndefined();
  });

  it('refuses a YAML alias bomb rather than expanding it', () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i += 1) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const bomb = `openapi: 3.0.0\npaths: {}\n${levels.join('\n')}\n`;
    expect(specFileDocument({ hash: 'h-bomb', size: bomb.length }, reader(bomb).read)).toBeUndefined();
  });
});
