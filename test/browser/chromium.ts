import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's Chromium: `npx playwright install` would download a browser, which cannot work on this machine. */
export const CHROMIUM = process.env.FOLIO_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile that is deleted on close, so no run sees another's localStorage.
 * `javaScriptEnabled: false` reads pages as a visitor without script does (the published site).
 */
export async function launchChromium(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set FOLIO_CHROMIUM).`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'folio-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
