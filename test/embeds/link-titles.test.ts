import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src-main/app/context';
import { cachedLinkTitle, cacheKey, LinkTitles } from '../../src-main/embeds/link-titles';
import type { Db } from '../../src-main/store/database';
import { getLinkMetadata } from '../../src-main/store/link-metadata';
import { manualClock } from '../support/clock';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';
import { migratedDatabase } from '../store/schema';

/** The cache of embed titles and its background fetches, on a migrated database with a clock moved by hand. */
let origin: LoopbackOrigin;
let flakyUp = false;
const HOUR_IN_DAYS = 1 / 24;

beforeAll(async () => {
  origin = await serveLoopbackOrigin({
    '/guide': ['text/html', '<title>The guide</title>'],
    '/flaky': (req, res) => {
      if (flakyUp) res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Back up</title>');
      else res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    },
  });
});
afterAll(() => origin.close());

let db: Db;
let clock: ReturnType<typeof manualClock>;
beforeEach(() => {
  db = migratedDatabase();
  clock = manualClock();
  flakyUp = false;
});
afterEach(() => db.close());

const desktop: AppConfig = { allowFileImports: false, allowPrivateNetwork: true };
const requestsOf = (path: string) => origin.requests.filter((requested) => requested === path).length;

describe('embed titles', () => {
  it('answers from the cache at once and fetches a link once in the background for the next view', async () => {
    const titles = new LinkTitles({ db, clock, config: desktop });
    const url = `${origin.url}/guide#intro`;
    const before = requestsOf('/guide');
    expect(titles.title(url)).toBeUndefined();
    expect(titles.title(url)).toBeUndefined();
    await titles.idle();
    expect(titles.title(url)).toBe('The guide');
    expect(requestsOf('/guide') - before).toBe(1);
    expect(getLinkMetadata(db, `${origin.url}/guide`)).toMatchObject({ status: 'ok', title: 'The guide', fetched_at: '2026-01-05T10:00:00.000Z' });
  });

  it('caches a failure and fetches again only after the retry delay', async () => {
    const titles = new LinkTitles({ db, clock, config: desktop });
    const url = `${origin.url}/flaky`;
    titles.title(url);
    await titles.idle();
    expect(getLinkMetadata(db, url)).toMatchObject({ status: 'failed', failure: 'answered 503', title: null });
    const afterFailure = requestsOf('/flaky');

    flakyUp = true;
    clock.advanceDays(HOUR_IN_DAYS / 2);
    expect(titles.title(url)).toBeUndefined();
    await titles.idle();
    expect(requestsOf('/flaky')).toBe(afterFailure);

    clock.advanceDays(HOUR_IN_DAYS);
    titles.title(url);
    await titles.idle();
    expect(requestsOf('/flaky')).toBe(afterFailure + 1);
    expect(titles.title(url)).toBe('Back up');
  });

  it('keeps the title it had when a later fetch fails, and refreshes a title after a day', async () => {
    const titles = new LinkTitles({ db, clock, config: desktop });
    const url = `${origin.url}/flaky`;
    flakyUp = true;
    titles.title(url);
    await titles.idle();
    flakyUp = false;
    clock.advanceDays(0.9);
    titles.title(url);
    await titles.idle();
    expect(getLinkMetadata(db, url)?.status).toBe('ok');
    clock.advanceDays(0.2);
    expect(titles.title(url)).toBe('Back up');
    await titles.idle();
    expect(getLinkMetadata(db, url)).toMatchObject({ status: 'failed', title: 'Back up' });
    expect(titles.title(url)).toBe('Back up');
  });

  it('follows the app’s network policy: a server refuses loopback links without fetching them', async () => {
    const titles = new LinkTitles({ db, clock, config: { allowFileImports: false } });
    const before = origin.requests.length;
    titles.title(`${origin.url}/guide`);
    await titles.idle();
    expect(origin.requests.length).toBe(before);
    expect(getLinkMetadata(db, `${origin.url}/guide`)).toMatchObject({ status: 'failed', failure: expect.stringMatching(/^refused: .*loopback/) });
  });

  it('caches only http(s) links, and fetches nothing once stopped', async () => {
    expect(cacheKey('javascript:alert(1)')).toBeUndefined();
    expect(cacheKey('mailto:a@example.com')).toBeUndefined();
    expect(cacheKey(`https://example.com/${'a'.repeat(3000)}`)).toBeUndefined();
    expect(cacheKey(' https://Example.com/a#b ')).toBe('https://example.com/a');
    const titles = new LinkTitles({ db, clock, config: desktop });
    titles.stop();
    const before = origin.requests.length;
    titles.title(`${origin.url}/guide`);
    await titles.idle();
    expect(origin.requests.length).toBe(before);
    expect(getLinkMetadata(db, `${origin.url}/guide`)).toBeUndefined();
  });

  it('bounds how many links wait for a fetch', async () => {
    const titles = new LinkTitles({ db, clock, config: desktop }, { maxConcurrent: 1, maxWaiting: 2 });
    const before = origin.requests.length;
    titles.prefetch(['a', 'b', 'c', 'd', 'e'].map((name) => `${origin.url}/${name}`));
    await titles.idle();
    // One fetching, two waiting; the others are queued on a later view.
    expect(origin.requests.length - before).toBe(3);
  });
});

describe('the cached title, for renderers that never fetch (the PDF)', () => {
  it('is what was fetched, under any spelling of the URL, and nothing else', async () => {
    const titles = new LinkTitles({ db, clock, config: desktop });
    titles.title(`${origin.url}/guide`);
    await titles.idle();
    expect(cachedLinkTitle(db, `${origin.url}/guide#top`)).toBe('The guide');
    const before = origin.requests.length;
    expect(cachedLinkTitle(db, `${origin.url}/other`)).toBeUndefined();
    expect(origin.requests.length).toBe(before);
  });
});
