import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { FolioApp } from '../../src-main/app/app';
import { type Host, startHost } from '../../src-main/http/server';
import { RENDERER_DIR } from '../../src-main/http/static-files';
import { type Browser, CHROMIUM, launchChromium } from '../../test/browser/chromium';

/**
 * The built renderer served by the real host, in Debian's Chromium driven by playwright-core (the
 * browser tests' set-up, test/browser/harness.ts), with a measuring script in the page: timings taken
 * inside the page (performance.now() around an action, until the DOM shows its result) leave
 * playwright's own round trips out.
 */
export function requireBuiltRenderer(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error(
      `${RENDERER_DIR}/index.html is missing: the renderer benchmark needs a built renderer. Run \`npx electron-vite build\` ` +
        '(`npm run bench` does), or point FOLIO_RENDERER_DIR at a build.',
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set FOLIO_CHROMIUM).`);
}

/** A fetch or XHR the page made, from resource timing, relative to the start of a measurement (ms). */
export interface PageRequest {
  /** The path and query (tRPC calls read `/trpc/content.outline?batch=1&input=…`). */
  path: string;
  start: number;
  end: number;
  /** Response body bytes as sent (the host does not compress). */
  bytes: number;
}

export type PageAction = { kind: 'hash'; hash: string } | { kind: 'click'; pageId: string };

export type PageCondition =
  /** The page tree shows its first row, with this title, among `setSize` top-level pages. */
  | { kind: 'tree'; title: string; setSize: number }
  /** No page tree, the organization's spaces listed. */
  | { kind: 'home' }
  /** The editor ('Page content') shows this text. */
  | { kind: 'editor'; text: string };

export interface Measured {
  /** From the action until the DOM met the condition (checked on every DOM mutation). */
  dom: number;
  /** ...and until the frame after it ran (so the browser has laid it out and painted it). */
  painted: number;
  requests: PageRequest[];
}

export interface InPageFetch {
  /** fetch() until the whole body is read as text. */
  ms: number;
  /** JSON.parse of that text. */
  parseMs: number;
  status: number;
  bytes: number;
}

/** The measuring script, injected before the app's own (plain JavaScript: it is evaluated as it is). */
const PAGE_SCRIPT = `(() => {
  if (window.__bench) return;
  try { performance.setResourceTimingBufferSize(1000000); } catch {}
  const keydowns = [];
  addEventListener('keydown', (event) => {
    const entry = { at: performance.now(), key: event.key, frame: -1, timer: -1, painted: -1 };
    keydowns.push(entry);
    requestAnimationFrame(() => {
      entry.frame = performance.now();
      // A message posted from the frame's callback is handled after that frame's style, layout and paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { entry.painted = performance.now(); };
      channel.port2.postMessage(0);
    });
    setTimeout(() => { entry.timer = performance.now(); });
  }, true);
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  }));
  const requests = (since) => performance.getEntriesByType('resource')
    .filter((e) => e.startTime >= since && (e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest'))
    .map((e) => { const url = new URL(e.name); return { path: url.pathname + url.search, start: e.startTime - since, end: e.responseEnd - since, bytes: e.encodedBodySize }; });
  const conditions = {
    tree: (c) => {
      const row = document.querySelector('[role="tree"] [role="treeitem"]');
      return !!row && row.getAttribute('aria-setsize') === String(c.setSize) && (row.textContent || '').includes(c.title);
    },
    home: () => !document.querySelector('[role="tree"]') && !!document.getElementById('spaces-title'),
    editor: (c) => {
      const box = document.querySelector('[aria-label="Page content"]');
      return !!box && (box.textContent || '').includes(c.text);
    },
  };
  const act = (action) => {
    if (action.kind === 'hash') { location.hash = action.hash; return; }
    const row = document.querySelector('[role="treeitem"][data-page-id="' + action.pageId + '"]');
    if (!row) throw new Error('no row for page ' + action.pageId + ' in the page tree');
    row.click();
  };
  window.__bench = {
    keydowns,
    async measure(action, condition, timeoutMs) {
      const met = () => conditions[condition.kind](condition);
      const t0 = performance.now();
      const dom = new Promise((resolve, reject) => {
        const done = () => { observer.disconnect(); clearTimeout(timer); resolve(performance.now()); };
        const observer = new MutationObserver(() => { if (met()) done(); });
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('timed out waiting for ' + JSON.stringify(condition))); }, timeoutMs);
        observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
        act(action);
        if (met()) done();
      });
      const domAt = await dom;
      const paintedAt = await afterFrame();
      return { dom: domAt - t0, painted: paintedAt - t0, requests: requests(t0) };
    },
    async fetch(path, token) {
      const t0 = performance.now();
      const response = await fetch(path, { headers: { Authorization: 'Bearer ' + token } });
      const text = await response.text();
      const t1 = performance.now();
      JSON.parse(text);
      const t2 = performance.now();
      return { ms: t1 - t0, parseMs: t2 - t1, status: response.status, bytes: new TextEncoder().encode(text).length };
    },
    /** Resolves once 'count' requests whose path contains 'part' have completed, then a frame. */
    async requestsDone(part, count, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      const seen = () => performance.getEntriesByType('resource').filter((e) => e.name.includes(part)).length;
      while (seen() < count) {
        if (performance.now() > deadline) throw new Error('timed out waiting for ' + count + ' requests to ' + part + ' (have ' + seen() + ')');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await afterFrame();
    },
    count: (part) => performance.getEntriesByType('resource').filter((e) => e.name.includes(part)).length,
    entries: (part) => performance.getEntriesByType('resource').filter((e) => e.name.includes(part))
      .map((e) => ({ start: e.startTime, end: e.responseEnd })),
  };
})();`;

/** The app signed in as the owner in Chromium, against a host serving `app`. */
export interface AppInChromium {
  host: Host;
  page: Page;
  /** Script errors and console errors seen by the page. */
  pageErrors: string[];
  /** Runs `action` in the page and resolves once `condition` holds (timings from inside the page). */
  measure(action: PageAction, condition: PageCondition, timeoutMs?: number): Promise<Measured>;
  /** fetch() from inside the page with the owner's token, timed there. */
  fetchInPage(path: string): Promise<InPageFetch>;
  /** Waits until `count` requests whose URL contains `part` have completed (since the page loaded). */
  requestsDone(part: string, count: number, timeoutMs?: number): Promise<void>;
  requestCount(part: string): Promise<number>;
  /** Start and end (page clock, ms) of the requests whose URL contains `part`. */
  requestEntries(part: string): Promise<Array<{ start: number; end: number }>>;
  /**
   * When keydown events reached the page, when the next animation frame after each began, when that frame was
   * painted (a message posted from its callback ran), and when a zero-delay timer queued by the keydown listener
   * ran (page clock, ms).
   */
  keydowns(): Promise<Array<{ at: number; key: string; frame: number; painted: number; timer: number }>>;
  close(): Promise<void>;
}

export async function openAppInChromium(app: FolioApp, token: string): Promise<AppInChromium> {
  requireBuiltRenderer();
  const host = await startHost(app, { port: 0 });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('frame-ancestors')) pageErrors.push(message.text());
    });
    await page.addInitScript(PAGE_SCRIPT);
    await page.goto(host.url);
    await page.getByLabel('Paste an API token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('region', { name: 'Spaces' }).waitFor();
    const call = <T>(expression: string) => page.evaluate(expression) as Promise<T>;
    const json = JSON.stringify;
    const opened = browser;
    return {
      host,
      page,
      pageErrors,
      measure: (action, condition, timeoutMs = 60_000) => call(`window.__bench.measure(${json(action)}, ${json(condition)}, ${timeoutMs})`),
      fetchInPage: (path) => call(`window.__bench.fetch(${json(path)}, ${json(token)})`),
      requestsDone: (part, count, timeoutMs = 30_000) => call(`window.__bench.requestsDone(${json(part)}, ${count}, ${timeoutMs})`),
      requestCount: (part) => call(`window.__bench.count(${json(part)})`),
      requestEntries: (part) => call(`window.__bench.entries(${json(part)})`),
      keydowns: () => call('window.__bench.keydowns.slice()'),
      async close() {
        await opened.close();
        await host.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await host.close();
    throw error;
  }
}
