import { describe, expect, it } from 'vitest';
import { formatLocation, parseAppPath, parseLocation } from '../../src-shared/app-location';

describe("the app's addresses", () => {
  it('reads every urls.app path the API hands out', () => {
    expect(parseAppPath('/s/sp1')).toEqual({ kind: 'location', location: { spaceId: 'sp1' } });
    expect(parseAppPath('/s/sp1/guide/install')).toEqual({ kind: 'page', spaceId: 'sp1', pagePath: 'guide/install' });
    expect(parseAppPath('/s/sp1/~/changes/12')).toEqual({ kind: 'change-request', spaceId: 'sp1', number: '12' });
    expect(parseAppPath('/s/sp1/~/revisions/r9')).toEqual({ kind: 'location', location: { spaceId: 'sp1', revisionId: 'r9' } });
    expect(parseAppPath('/c/col')).toEqual({ kind: 'collection', collectionId: 'col' });
    expect(parseAppPath('/o/org')).toEqual({ kind: 'location', location: { organizationId: 'org' } });
    expect(parseAppPath('/o/org/sites/site1')).toEqual({ kind: 'location', location: { sitesOf: 'org', siteId: 'site1' } });
    expect(parseAppPath('/o/org/openapi/pets%20v2')).toEqual({ kind: 'location', location: { openapiOf: 'org', specSlug: 'pets v2' } });
    expect(parseAppPath('/o/org/integrations')).toEqual({ kind: 'location', location: { integrationsOf: 'org' } });
  });

  it('names nothing for other paths', () => {
    for (const path of ['/', '/index.html', '/s', '/s/sp1/~/elsewhere', '/o/org/settings', '/x/y', '/s/%E0%A4%A/x']) {
      expect(parseAppPath(path)).toBeUndefined();
    }
  });

  it('formats and reads back every location', () => {
    const locations = [
      { spaceId: 's', pageId: 'p', changeRequestId: 'c r', revisionId: 'r' },
      { organizationId: 'o' },
      { sitesOf: 'o', siteId: 's' },
      { openapiOf: 'o', specSlug: 'a/b' },
      { integrationsOf: 'o' },
    ];
    for (const location of locations) expect(parseLocation(formatLocation(location))).toMatchObject(location);
  });
});
