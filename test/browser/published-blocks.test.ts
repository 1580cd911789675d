import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { uploadFile } from '../../src-main/files/service';
import { getUserById } from '../../src-main/store/users';
import { greyscalePng } from '../support/images';
import { startTestServer, type TestServer } from '../support/server';
import { spaceWithPages } from '../sites/preview/preview-support';
import { type Browser, launchChromium } from './chromium';

/** A page with every GitBook block, written as Git Sync writes it. */
const EVERY_BLOCK = `Text with **bold**, *italic*, \`code\`, <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O, <mark style="color:red;">red words</mark> and $$a^2 + b^2$$ inline, then ![icon](.gitbook/assets/icon.png) inline.

## Hints

{% hint style="info" %}
An info hint.
{% endhint %}

{% hint style="success" %}
A success hint.
{% endhint %}

{% hint style="warning" %}
A warning hint.
{% endhint %}

{% hint style="danger" %}
A danger hint.
{% endhint %}

{% code title="main.js" lineNumbers="true" %}
\`\`\`javascript
// The answer
const answer = 42;
\`\`\`
{% endcode %}

{% tabs %}
{% tab title="macOS" %}
Install with Homebrew.
{% endtab %}

{% tab title="Linux" %}
Install with apt.
{% endtab %}
{% endtabs %}

{% stepper %}
{% step %}
### Download

Get the installer.
{% endstep %}

{% step %}
### Run

Open it.
{% endstep %}
{% endstepper %}

<details>

<summary>More details</summary>

The hidden body.

</details>

<figure><picture><source srcset=".gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/light.png" alt="Diagram"></picture><figcaption><p>The diagram</p></figcaption></figure>

| Name | Size |
| :--- | ---: |
| Alpha | 10 |
| Beta | 200 |

<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Guide card</strong></td><td><a href="second.md">second.md</a></td><td><a href=".gitbook/assets/light.png">light.png</a></td></tr><tr><td><strong>Web card</strong></td><td><a href="https://example.com">example</a></td><td></td></tr></tbody></table>

{% content-ref url="second.md" %}
[second.md](second.md)
{% endcontent-ref %}

{% embed url="https://www.youtube.com/watch?v=abc123" %}
A video
{% endembed %}

$$
E = mc^2
$$

{% file src=".gitbook/assets/report.pdf" %}
The quarterly report
{% endfile %}
`;

/** Sizes and icons GitBook writes, and an operation of a spec file of the space. */
const SIZED_AND_ICONS = `<figure><img src=".gitbook/assets/light.png" alt="Half" width="50%"><figcaption><p>Half the column</p></figcaption></figure>

<figure><img src=".gitbook/assets/light.png" alt="Fixed" width="120"><figcaption></figcaption></figure>

{% hint style="success" icon="rocket" %}
A hint with its own icon.
{% endhint %}

{% hint style="warning" icon="hippo" %}
A hint with an icon the site does not draw.
{% endhint %}

{% openapi src=".gitbook/assets/zoo.yaml" path="/animals" method="get" %}
[zoo.yaml](.gitbook/assets/zoo.yaml)
{% endopenapi %}
`;

const ZOO_YAML = `openapi: 3.0.3
info: { title: Zoo, version: "1" }
paths:
  /animals:
    get:
      summary: List the animals
      parameters:
        - { name: species, in: query, schema: { type: string } }
      responses:
        "200": { description: The animals }
`;

let server: TestServer;
let browser: Browser;
let page: Page;
let siteUrl: string;
const shots = mkdtempSync(join(tmpdir(), 'folio-blocks-'));
const problems: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const org = (await server.api.post('/v1/orgs', { title: 'Blocks' })).body as { id: string };
  const space = await spaceWithPages(server, org.id, 'Blocks', [
    { title: 'Every block', markdown: EVERY_BLOCK },
    { title: 'Second', markdown: 'The second page.' },
    { title: 'Sized', markdown: SIZED_AND_ICONS },
  ]);
  const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  // Light and dark variants of one picture, told apart by their grey.
  const grey = (value: number) => greyscalePng(40, 20, Buffer.concat(Array.from({ length: 20 }, () => Buffer.from([0, ...Array(40).fill(value)]))));
  uploadFile(owner, space.id, { name: 'light.png', contentType: 'image/png', bytes: grey(0xe0) });
  uploadFile(owner, space.id, { name: 'dark.png', contentType: 'image/png', bytes: grey(0x30) });
  uploadFile(owner, space.id, { name: 'icon.png', contentType: 'image/png', bytes: grey(0x80) });
  uploadFile(owner, space.id, { name: 'report.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
  uploadFile(owner, space.id, { name: 'zoo.yaml', contentType: 'application/yaml', bytes: Buffer.from(ZOO_YAML) });
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Blocks', visibility: 'public', spaces: [space.id] })).body as { id: string };
  await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
  siteUrl = `${server.url}/sites/${site.id}/`;

  browser = await launchChromium({ javaScriptEnabled: false });
  page = await browser.context.newPage();
  page.setDefaultTimeout(5_000);
  // A CSP violation (an inline style, a frame, a script) is reported on the console. (Chromium's own
  // favicon request is left out: it goes to the app's static files, not the site.)
  page.on('console', (message) => message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()) && problems.push(message.text()));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
  console.log(`Screenshots of the published blocks: ${shots}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Saves the element in the light and the dark theme. */
async function shoot(name: string, selector: string) {
  const element = page.locator(`.markdown ${selector}`).first();
  await element.screenshot({ path: join(shots, `${name}.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await element.screenshot({ path: join(shots, `${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('a published page with every block, read without JavaScript', () => {
  it('shows every block, with no CSP violation and no missing resource', async () => {
    await page.goto(siteUrl);
    const blocks: Record<string, string> = {
      marks: '> p:first-child',
      hints: '.hint-info',
      code: '.code-block',
      tabs: '.tabs',
      stepper: '.stepper',
      expandable: 'details.expandable',
      figure: 'figure.image',
      table: '.table-wrap',
      cards: '.cards',
      'content-ref': '.content-ref',
      embed: 'figure.embed',
      math: '.math-block',
      file: 'figure.file',
    };
    for (const [name, selector] of Object.entries(blocks)) {
      expect(await page.locator(`.markdown ${selector}`).first().isVisible(), name).toBe(true);
      await shoot(name, selector);
    }
    for (const style of ['info', 'success', 'warning', 'danger']) expect(await page.locator(`.hint-${style}[role=note]`).isVisible()).toBe(true);
    expect(await page.locator('.markdown kbd').textContent()).toBe('Ctrl');
    expect(await page.locator('.markdown sup').textContent()).toBe('2');
    expect(await page.locator('.markdown mark.mark-text-red').textContent()).toBe('red words');
    expect(await page.locator('.code-title').textContent()).toBe('main.js');
    expect(await page.locator('.code-line').count()).toBe(2);
    expect(await page.locator('.code-block .hljs-keyword').first().textContent()).toBe('const');
    expect(await page.locator('.stepper > li').count()).toBe(2);
    expect(await page.locator('.markdown th.align-right').textContent()).toBe('Size');
    expect(await page.locator('a.file-card[download] .card-link-title').textContent()).toBe('report.pdf');
    expect(await page.locator('figure.file figcaption').textContent()).toBe('The quarterly report');
    expect(problems).toEqual([]);
  });

  it('switches tabs on a click of their label', async () => {
    await page.goto(siteUrl);
    const macOS = page.getByText('Install with Homebrew.');
    const linux = page.getByText('Install with apt.');
    expect([await macOS.isVisible(), await linux.isVisible()]).toEqual([true, false]);
    await page.locator('.tabs label', { hasText: 'Linux' }).click();
    expect([await macOS.isVisible(), await linux.isVisible()]).toEqual([false, true]);
    expect(await page.getByRole('radio', { name: 'Linux' }).isChecked()).toBe(true);
    await shoot('tabs-switched', '.tabs');
    // The keyboard moves between tabs as in any radio group.
    await page.getByRole('radio', { name: 'Linux' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await macOS.isVisible()).toBe(true);
  });

  it('opens an expandable on a click of its summary', async () => {
    await page.goto(siteUrl);
    const body = page.getByText('The hidden body.');
    expect(await body.isVisible()).toBe(false);
    await page.locator('details.expandable summary').click();
    expect(await body.isVisible()).toBe(true);
    await shoot('expandable-open', 'details.expandable');
  });

  it('shows math as MathML, and images with their captions, the dark variant in the dark theme', async () => {
    await page.goto(siteUrl);
    const block = page.locator('.math-block math');
    expect(await block.getAttribute('display')).toBe('block');
    expect(await block.locator('annotation').textContent()).toBe('E = mc^2');
    expect((await block.boundingBox())!.width).toBeGreaterThan(20);
    expect(await page.locator('.math-inline math').count()).toBe(1);
    expect(await page.locator('figure.image figcaption').textContent()).toBe('The diagram');
    const light = page.locator('figure.image img.image-light');
    const dark = page.locator('figure.image img.image-dark');
    expect([await light.isVisible(), await dark.isVisible()]).toEqual([true, false]);
    expect((await light.boundingBox())!.width).toBe(40);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect([await light.isVisible(), await dark.isVisible()]).toEqual([false, true]);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.locator('img.inline-image').isVisible()).toBe(true);
  });

  it('leads content-refs and cards to the published page, with its title', async () => {
    await page.goto(siteUrl);
    const card = page.locator('a.content-ref');
    expect(await card.locator('.card-link-title').textContent()).toBe('Second');
    expect(await page.locator('.cards a.card').first().getAttribute('href')).toBe(await card.getAttribute('href'));
    await card.click();
    await page.getByText('The second page.').waitFor();
    expect(page.url()).toMatch(/\/second$/);
    expect(problems).toEqual([]);
  });

  it("sizes images by percentage and pixels, draws a hint's own icon, and renders a spec file's operation", async () => {
    await page.goto(`${siteUrl}sized`);
    // Every size and icon comes from the site's stylesheet: the page has no inline style to be refused.
    expect(await page.locator('[style]').evaluateAll((elements) => elements.map((element) => element.outerHTML.slice(0, 120)))).toEqual([]);
    const column = (await page.locator('.markdown').boundingBox())!.width;
    // Half the column, though the image is 40 pixels wide.
    const half = (await page.getByRole('img', { name: 'Half' }).boundingBox())!.width;
    expect(Math.abs(half - column / 2)).toBeLessThan(2);
    expect((await page.getByRole('img', { name: 'Fixed' }).boundingBox())!.width).toBe(120);
    const rocket = page.locator('.hint-success[data-icon=rocket]');
    expect((await rocket.getByRole('img', { name: 'Success' }).boundingBox())!.width).toBeGreaterThan(15);
    expect(await rocket.evaluate((hint) => getComputedStyle(hint, '::before').content)).toBe('none');
    // An icon the site does not draw: the style's own, from the stylesheet.
    const hippo = page.locator('.hint-warning[data-icon=hippo]');
    expect(await hippo.locator('svg').count()).toBe(0);
    expect(await hippo.evaluate((hint) => getComputedStyle(hint, '::before').content)).toContain('!');
    const operation = page.getByRole('region', { name: 'GET /animals' });
    expect(await operation.locator('.openapi-summary').textContent()).toBe('List the animals');
    for (const name of ['sized-image', 'hint-icon', 'swagger-file']) {
      const selector = { 'sized-image': 'figure.image', 'hint-icon': '.hint-custom-icon', 'swagger-file': '.openapi-operation' }[name]!;
      await shoot(name, selector);
    }
    expect(problems).toEqual([]);
  });
});
