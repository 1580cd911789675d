import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;
let spaceId: string;
let setupId: string;
let deployId: string;

interface DocumentNode {
  object: string;
  type?: string;
  nodes?: DocumentNode[];
  leaves?: unknown[];
  data?: { ref?: { kind: string; page?: string } };
}

/** Creates pages the way a script does with GitBook's API: a change request, its changes, a merge. */
async function createPages(space: string, pages: Array<{ title: string; markdown: string }>): Promise<string[]> {
  const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${space}/change-requests`, { subject: 'Pages' });
  const changes = pages.map((page) => ({ operation: 'insert_page', title: page.title, document: { markdown: page.markdown } }));
  const result = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${space}/change-requests/${cr.id}/content?compat=false`, { changes });
  await h.api('POST', `/v1/spaces/${space}/change-requests/${cr.id}/merge`);
  return result.changes.map((change) => change.page.id);
}

const markdownOf = async (page: string) => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${page}?format=markdown`)).markdown;
const editorBox = () => h.page.getByRole('textbox', { name: 'Page content' });
const toolbar = () => h.page.getByRole('toolbar', { name: 'Formatting' });
const button = (name: string) => toolbar().getByRole('button', { name, exact: true });

/** Every link in a /v1 document, wherever it is nested. */
function linksIn(node: DocumentNode): DocumentNode[] {
  const own = node.object === 'inline' && node.type === 'link' ? [node] : [];
  return [...own, ...(node.nodes ?? []).flatMap(linksIn)];
}

beforeAll(async () => {
  h = await startBrowserHarness('editor-formatting');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Release handbook' })).id;
  const ids = await createPages(spaceId, [
    { title: 'Welcome', markdown: 'Start here.\n' },
    { title: 'Setup', markdown: 'Before you ship\n\nMake this bold.\n\nRun the checks\n' },
    { title: 'Deploy guide', markdown: 'How to deploy.\n' },
  ]);
  setupId = ids[1]!;
  deployId = ids[2]!;
  await h.signIn();
  await h.openSpace('Release handbook');
  await h.page.evaluate(`window.location.hash = ${JSON.stringify(`#/spaces/${spaceId}/pages/${setupId}`)}`);
  await editorBox().waitFor();
  await h.page.getByText('Make this bold.').waitFor();
  // Chromium and a server: slower than one test's step when the machine is busy.
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('formatting without markdown', () => {
  it('makes a heading, bold, a list, a hint and a page link without typing markup, and /v1 reads them back', async () => {
    // A heading from the toolbar, on the line the cursor is on.
    await editorBox().click();
    await h.page.keyboard.press('Control+Home');
    await button('Heading 2').click();
    await expect.poll(() => markdownOf(setupId)).toMatch(/^## Before you ship\n/);
    await expect.poll(() => button('Heading 2').getAttribute('aria-pressed')).toBe('true');

    // Bold on the word at the cursor, from the keyboard.
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Home');
    for (let i = 0; i < 6; i += 1) await h.page.keyboard.press('ArrowRight');
    await h.page.keyboard.press('Control+b');
    await expect.poll(() => markdownOf(setupId)).toContain('Make **this** bold.');
    await expect.poll(() => button('Bold').getAttribute('aria-pressed')).toBe('true');

    // A bulleted list from the toolbar; Enter continues it and Enter on the empty item ends it.
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('ArrowDown');
    await button('Bulleted list').click();
    await h.page.keyboard.press('End');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.type('Tag the release');
    await expect.poll(() => markdownOf(setupId)).toContain('* Run the checks\n* Tag the release');
    await h.screenshot('editor-formatting-toolbar');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.press('Enter');

    // A hint from the `/` menu, found by typing its name.
    await h.page.keyboard.type('/hint');
    const menu = h.page.getByRole('listbox');
    await menu.getByRole('option', { name: /Hint/ }).waitFor();
    // Every block shows after `/`; what follows filters them down to the one asked for.
    await expect.poll(() => menu.getByRole('option').count()).toBe(1);
    await h.screenshot('editor-formatting-slash-menu');
    await h.page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await h.page.keyboard.type('Check the logs first.');
    await expect.poll(() => markdownOf(setupId)).toContain('{% hint style="info" %}\nCheck the logs first.\n{% endhint %}');

    // A link to another page of the space, through the Ctrl+K picker.
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.type('Then read ');
    await h.page.keyboard.press('Control+k');
    const picker = h.page.getByRole('dialog', { name: 'Insert link' });
    await picker.getByRole('combobox', { name: 'Search pages' }).fill('deploy');
    await picker.getByRole('option', { name: 'Deploy guide' }).waitFor();
    await h.screenshot('editor-formatting-link-picker');
    await h.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    // Focus is back in the text: typing goes on after the link.
    await h.page.keyboard.type('.');

    const expected = [
      '## Before you ship',
      '',
      'Make **this** bold.',
      '',
      '* Run the checks',
      '* Tag the release',
      '',
      '{% hint style="info" %}',
      'Check the logs first.',
      '{% endhint %}',
      // The page's own last line break stayed below the hint, and the test typed two more.
      '',
      '',
      'Then read [Deploy guide](deploy-guide.md).',
    ].join('\n');
    await expect.poll(() => markdownOf(setupId), { timeout: 5000 }).toBe(expected);

    // The document /v1 derives: real blocks, and the link is a reference to the page, not a URL.
    const doc = await h.api<{ document: DocumentNode }>('GET', `/v1/spaces/${spaceId}/content/page/${setupId}?format=document`);
    expect(doc.document.nodes!.map((node) => node.type)).toEqual(['heading-2', 'paragraph', 'list-unordered', 'hint', 'paragraph']);
    const links = linksIn(doc.document);
    expect(links.map((link) => link.data?.ref)).toEqual([{ kind: 'page', page: deployId }]);
    expect(h.pageErrors).toEqual([]);
    // A whole writing session in one test: longer than one step.
  }, 60_000);

  it('takes a format off with the same button, and Escape closes the / menu leaving what was typed', async () => {
    await editorBox().click();
    await h.page.keyboard.press('Control+Home');
    await button('Heading 2').click();
    await expect.poll(() => markdownOf(setupId)).toMatch(/^Before you ship\n/);
    await button('Heading 2').click();
    await expect.poll(() => markdownOf(setupId)).toMatch(/^## Before you ship\n/);

    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.type('/tab');
    await h.page.getByRole('listbox').getByRole('option', { name: /Tabs/ }).waitFor();
    await h.page.keyboard.press('Escape');
    await h.page.getByRole('listbox').waitFor({ state: 'detached' });
    await expect.poll(() => markdownOf(setupId)).toMatch(/\n\n\/tab$/);
    expect(h.pageErrors).toEqual([]);
  });

  it('attaches a file from the / menu as GitBook file block, a file reference in /v1', async () => {
    await editorBox().click();
    await h.page.keyboard.press('Control+End');
    await h.page.keyboard.press('Enter');
    await h.page.keyboard.press('Enter');
    const chooser = h.page.waitForEvent('filechooser');
    await h.page.keyboard.type('/file');
    // Clicked by its label, so the choice does not depend on which option is highlighted when a key lands.
    await h.page.getByRole('listbox').getByRole('option').filter({ has: h.page.locator('.cm-completionLabel', { hasText: /^File$/ }) }).click();
    await (await chooser).setFiles({ name: 'release notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 notes') });
    await expect.poll(() => markdownOf(setupId)).toContain('{% file src=".gitbook/assets/release%20notes.pdf" %}\nrelease notes.pdf\n{% endfile %}');
    const page = await h.api<{ document: DocumentNode }>('GET', `/v1/spaces/${spaceId}/content/page/${setupId}?format=document`);
    const file = (page.document.nodes ?? []).find((node) => node.type === 'file');
    expect(file?.data?.ref).toMatchObject({ kind: 'file' });
    expect(h.pageErrors).toEqual([]);
  }, 60_000);
});
