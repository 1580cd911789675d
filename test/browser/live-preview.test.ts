import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { type BrowserHarness, startBrowserHarness } from './harness';

/**
 * The editor's live preview in Chromium: the page's markdown shown formatted while it is edited, GitBook's
 * blocks drawn as themselves, and every edit they make a change to the markdown that /v1 reads back.
 */
let h: BrowserHarness;
let spaceId: string;
let pageId: string;

const PAGE = [
  '# Release guide',
  '',
  'Some **bold words** here.',
  '',
  '- first item',
  '- second item',
  '',
  '1. numbered',
  '',
  '- [ ] open task',
  '- [x] done task',
  '',
  '{% hint style="info" %}',
  'Read this first.',
  '{% endhint %}',
  '',
  '{% tabs %}',
  '{% tab title="macOS" %}',
  'Install with brew.',
  '{% endtab %}',
  '',
  '{% tab title="Windows" %}',
  'Install with winget.',
  '{% endtab %}',
  '{% endtabs %}',
  '',
  '{% code title="install.sh" %}',
  '```sh',
  'npm install folio',
  '```',
  '{% endcode %}',
  '',
  '| Name | Value |',
  '| ---- | ----- |',
  '| size | 42    |',
  '',
  '$$',
  'E = mc^2',
  '$$',
  '',
  'The end.',
  '',
].join('\n');

const markdownOf = async () => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;
const editorBox = () => h.page.getByRole('textbox', { name: 'Page content' });
const lineWith = (text: string) => editorBox().locator('.cm-line', { hasText: text });
/** CodeMirror draws only what is in view: scroll the editor to its top or its end first. */
const scrollEditor = (where: 'top' | 'end') =>
  h.page.locator('.cm-scroller').evaluate((scroller, end) => scroller.scrollTo(0, end ? scroller.scrollHeight : 0), where === 'end');

beforeAll(async () => {
  h = await startBrowserHarness('live-preview');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Guides' })).id;
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Seed' });
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: 'Release guide', document: { markdown: PAGE } }],
  });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  pageId = result.changes[0]!.page.id;
  await h.signIn();
  await h.openSpace('Guides');
  await h.page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${spaceId}/pages/${pageId}`)}`);
  await editorBox().waitFor();
});

afterAll(async () => {
  await h?.close();
});

describe('the live preview', () => {
  it('shows the page formatted, with its GitBook blocks drawn as themselves', async () => {
    const heading = editorBox().locator('.cm-lp-h1');
    await expect.poll(() => heading.innerText()).toContain('Release guide');
    // The bold line is not the cursor's: its markup is hidden.
    await expect.poll(() => lineWith('bold words').innerText()).toBe('Some bold words here.');
    expect(await editorBox().locator('.cm-lp-bullet').count()).toBe(2);
    expect(await editorBox().getByRole('checkbox', { name: 'Open task' }).count()).toBe(1);
    expect(await editorBox().getByRole('checkbox', { name: 'Done task' }).isChecked()).toBe(true);

    const hint = editorBox().getByRole('note', { name: 'Info hint' });
    await expect.poll(() => hint.innerText()).toContain('Read this first.');

    const brew = editorBox().getByText('Install with brew.');
    const winget = editorBox().getByText('Install with winget.');
    expect(await brew.isVisible()).toBe(true);
    expect(await winget.isVisible()).toBe(false);
    await editorBox().getByText('Windows', { exact: true }).click();
    await expect.poll(async () => [await winget.isVisible(), await brew.isVisible()]).toEqual([true, false]);

    const codeHeader = editorBox().locator('.cm-lp-code-header');
    expect(await codeHeader.innerText()).toMatch(/install\.sh\s*sh/);
    expect(await lineWith('npm install folio').innerText()).toBe('npm install folio');

    await scrollEditor('end');
    await expect.poll(() => editorBox().getByRole('table').getByRole('cell', { name: '42' }).count()).toBe(1);
    // KaTeX's MathML, which the browser lays out itself.
    await expect.poll(() => editorBox().locator('.math-block math').count()).toBe(1);
    expect(await editorBox().innerText()).not.toContain('{% hint');
    await h.screenshot('live-preview');
  });

  it('reveals the markup of the line the cursor moves to, and typing there edits the markdown', async () => {
    await scrollEditor('top');
    await editorBox().locator('.tok-strong').first().click();
    await expect.poll(() => lineWith('bold words').innerText()).toBe('Some **bold words** here.');
    await h.page.keyboard.press('End');
    await h.page.keyboard.type(' Typed.');
    await expect.poll(markdownOf).toContain('Some **bold words** here. Typed.\n');
  });

  it('shows the markdown of a block when it is clicked, and draws it again when the cursor leaves', async () => {
    await editorBox().getByText('Read this first.').click();
    await expect.poll(() => lineWith('{% hint').count()).toBe(1);
    expect(await editorBox().getByRole('note', { name: 'Info hint' }).count()).toBe(0);
    await h.page.keyboard.press('Control+End');
    await expect.poll(() => editorBox().getByRole('note', { name: 'Info hint' }).count()).toBe(1);
  });

  it("switches a hint's style and ticks a task by editing the markdown", async () => {
    await scrollEditor('top');
    await editorBox().getByRole('combobox', { name: 'Hint style' }).selectOption('warning');
    await expect.poll(markdownOf).toContain('{% hint style="warning" %}\nRead this first.\n{% endhint %}');
    await editorBox().getByRole('note', { name: 'Warning hint' }).waitFor();

    await editorBox().getByRole('checkbox', { name: 'Open task' }).click();
    await expect.poll(markdownOf).toContain('- [x] open task\n- [x] done task');
  });

  it('shows the markdown as stored with "Show markdown", and the preview again when it is switched off, after a reload too', async () => {
    await scrollEditor('top');
    const toggle = h.page.getByRole('button', { name: 'Show markdown' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => lineWith('{% hint').count()).toBe(1);
    await expect.poll(() => lineWith('bold words').innerText()).toBe('Some **bold words** here. Typed.');
    expect(await editorBox().locator('.cm-lp-widget').count()).toBe(0);

    await h.page.reload();
    await editorBox().waitFor();
    await expect.poll(() => lineWith('{% hint').count()).toBe(1);
    await h.page.getByRole('button', { name: 'Show markdown' }).click();
    await expect.poll(() => editorBox().getByRole('note', { name: 'Warning hint' }).count()).toBe(1);
    await expect.poll(() => lineWith('bold words').innerText()).toBe('Some bold words here. Typed.');
  });

  it('shows an image of the space inline once the cursor leaves it', async () => {
    await scrollEditor('end');
    await lineWith('The end.').click();
    await h.page.keyboard.press('End');
    await h.page.keyboard.press('Enter');
    await h.page.getByLabel('Image file to insert').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: pngImage(60, 40) });
    await expect.poll(markdownOf).toContain('![diagram](.gitbook/assets/diagram.png)');
    await editorBox().click();
    await h.page.keyboard.press('Control+Home');
    const image = editorBox().getByRole('img', { name: 'diagram' });
    await expect
      .poll(() => image.evaluate((element) => (element as unknown as { complete: boolean; naturalWidth: number }).naturalWidth))
      .toBe(60);
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await h.screenshot('live-preview-edited');
    expect(h.pageErrors).toEqual([]);
  });
});
