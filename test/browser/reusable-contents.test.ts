import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './harness';

let h: BrowserHarness;
let spaceId: string;
let pageId: string;

/** Polls until `check` passes: the UI and the server settle asynchronously. */
async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Listed {
  id: string;
  title: string;
  slug: string;
}

/** The app's own procedure (tRPC over HTTP, as the browser calls it): /v1 has no call listing reusable content bodies. */
async function trpc<T>(procedure: string, input: unknown): Promise<T> {
  const answer = await h.api<{ result: { data: T } }>('GET', `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  return answer.result.data;
}

const listed = (changeRequestId?: string) => trpc<Listed[]>('reusableContents.list', { spaceId, changeRequestId });
const bodyOf = async (id: string, changeRequestId?: string) => (await trpc<{ markdown: string }>('reusableContents.find', { spaceId, id, changeRequestId })).markdown;
const pageMarkdown = async () => (await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).markdown;

const section = () => h.page.getByRole('region', { name: /^Reusable content/ });
const dialog = () => h.page.getByRole('dialog');
const pageEditor = () => h.page.getByRole('textbox', { name: 'Page content' });
const reusableEditor = () => h.page.getByRole('textbox', { name: 'Reusable content body' });

beforeAll(async () => {
  h = await startBrowserHarness('reusable-contents');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Runbooks' })).id;
  const setup = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Seed' });
  const seeded = await h.api<{ changes: Array<{ page: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${setup.id}/content?compat=false`, {
    changes: [{ operation: 'insert_page', title: 'Deploy', document: { markdown: '# Deploy\n\nFirst check the status.\n' } }],
  });
  await h.api('POST', `/v1/spaces/${spaceId}/change-requests/${setup.id}/merge`);
  pageId = seeded.changes[0]!.page.id;
  await h.signIn();
  await h.openSpace('Runbooks');
});

afterAll(async () => {
  await h?.close();
});

describe('reusable content in the app', () => {
  it('creates one, writes its body, includes it in a page whose live preview shows it, and renames it', async () => {
    // Created from the sidebar: the editor opens on its body.
    await section().getByRole('button', { name: 'New reusable content' }).click();
    await dialog().getByRole('textbox', { name: 'Title' }).fill('Safety check');
    await dialog().getByRole('button', { name: 'Create', exact: true }).click();
    await h.page.getByRole('heading', { level: 1, name: 'Safety check' }).waitFor();
    await h.page.getByText('Used wherever it is included', { exact: false }).waitFor();
    const [created] = await listed();
    expect(created).toMatchObject({ title: 'Safety check', slug: 'safety-check' });

    // Its body is edited live, like a page's.
    await reusableEditor().click();
    await h.page.keyboard.type('Stop the workers before you deploy.');
    await eventually(async () => expect(await bodyOf(created!.id)).toContain('Stop the workers before you deploy.'));
    await h.screenshot('reusable-contents-editor');

    // Placed in a page at the cursor, as its own block.
    await h.page.getByRole('navigation', { name: 'Pages' }).getByRole('treeitem', { name: /Deploy/ }).click();
    await pageEditor().waitFor();
    await pageEditor().click();
    await pageEditor().press('Control+End');
    await h.page.getByRole('button', { name: 'Insert reusable content' }).click();
    await dialog().getByRole('button', { name: /^Safety check/ }).click();
    await eventually(async () => expect(await pageMarkdown()).toContain('First check the status.\n\n{% include ".gitbook/includes/safety-check.md" %}\n'));

    // The live preview draws it as the reusable content reads.
    const included = h.page.getByRole('group', { name: 'Reusable content: Safety check' });
    await included.getByText('Stop the workers before you deploy.').waitFor();
    await h.screenshot('reusable-contents-included');

    // So does the side preview, as readers will see it.
    await h.page.getByRole('button', { name: 'Preview' }).click();
    const preview = h.page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('group', { name: 'Reusable content: Safety check' }).getByText('Stop the workers before you deploy.').waitFor();

    // Renamed from the sidebar: the slug stays, so the page still includes it, now under its new title.
    await section().getByRole('button', { name: 'Actions for Safety check' }).click();
    await h.page.getByRole('menu', { name: 'Actions for “Safety check”' }).getByRole('menuitem', { name: 'Rename' }).click();
    const title = dialog().getByRole('textbox', { name: 'Title' });
    await title.fill('Pre-deploy check');
    await dialog().getByRole('button', { name: 'Rename', exact: true }).click();
    await section().getByRole('button', { name: 'Pre-deploy check', exact: true }).waitFor();
    await pageEditor().getByRole('group', { name: 'Reusable content: Pre-deploy check' }).getByText('Stop the workers before you deploy.').waitFor();
    await preview.getByRole('group', { name: 'Reusable content: Pre-deploy check' }).getByText('Stop the workers before you deploy.').waitFor();
    expect(await listed()).toEqual([{ id: created!.id, title: 'Pre-deploy check', slug: 'safety-check' }]);
    await h.page.getByRole('button', { name: 'Preview' }).click();
    await preview.waitFor({ state: 'detached' });

    // The `/` menu asks for the same picker.
    await pageEditor().press('Control+End');
    await h.page.keyboard.type('/reusable');
    // Chosen with the pointer: CodeMirror ignores Enter for a moment after the list changes, which a script can hit.
    await h.page.getByRole('listbox').getByRole('option', { name: /Reusable content/ }).click();
    await dialog().getByRole('button', { name: /^Pre-deploy check/ }).waitFor();
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });

    // An include of a slug no reusable content has says so, quietly.
    await pageEditor().press('Control+End');
    await h.page.keyboard.type('{% include ".gitbook/includes/gone.md" %}\n\nAfter.');
    await h.page.getByRole('group', { name: 'Missing reusable content' }).waitFor();
    await eventually(async () => expect(await pageMarkdown()).toContain('After.'));
    expect(h.pageErrors).toEqual([]);
  });

  it('lists an edited reusable content in a change request, with its text diff', async () => {
    const [reusable] = await listed();
    const cr = await h.api<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Stronger warning' });
    await h.page.goto(`${h.host.url}/#/spaces/${spaceId}/pages/${pageId}?cr=${cr.id}`);
    await pageEditor().waitFor();

    // The change request's copy is opened and edited from the sidebar.
    await section().getByRole('button', { name: 'Pre-deploy check', exact: true }).click();
    await reusableEditor().click();
    await reusableEditor().press('Control+End');
    await h.page.keyboard.type(' Wait for them to drain.');
    await eventually(async () => expect(await bodyOf(reusable!.id, cr.id)).toContain('Wait for them to drain.'));
    expect(await bodyOf(reusable!.id)).not.toContain('Wait for them to drain.');

    // The window's address names it, so a reload (or a pasted link) opens it again, in the change request.
    expect(new URL(h.page.url()).hash).toBe(`#/spaces/${spaceId}/reusable-contents/${reusable!.id}?cr=${cr.id}`);
    await h.page.reload();
    await expect.poll(() => reusableEditor().textContent(), { timeout: 10_000 }).toContain('Wait for them to drain.');

    await h.page.getByRole('toolbar', { name: 'Space actions' }).getByRole('button', { name: 'Changes', exact: true }).click();
    const panel = h.page.getByRole('complementary', { name: 'Change request' });
    const group = panel.getByRole('region', { name: /^Reusable content/ });
    await group.getByRole('button', { name: /^Pre-deploy check/ }).waitFor();
    await group.getByText('Text edited').waitFor();
    await group.getByRole('button', { name: /^Show text/ }).click();
    const inserted = group.getByRole('list', { name: 'Text changes of Pre-deploy check' }).locator('.diff__line--insert');
    await eventually(async () => expect(await inserted.allTextContents()).toEqual([expect.stringContaining('Wait for them to drain.')]));
    await h.screenshot('reusable-contents-changes');

    // Deleted in the change request after a confirmation naming it; main keeps it until a merge.
    await section().getByRole('button', { name: 'Actions for Pre-deploy check' }).click();
    await h.page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = h.page.getByRole('dialog', { name: 'Delete “Pre-deploy check”?' });
    await confirm.getByText('Pages that include “Pre-deploy check” will show nothing where it was.').waitFor();
    await confirm.getByRole('button', { name: 'Delete reusable content' }).click();
    await section().getByText('Nothing yet', { exact: false }).waitFor();
    expect(await listed(cr.id)).toEqual([]);
    expect(await listed()).toHaveLength(1);
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await group.getByText(/^Removed/).waitFor();
    expect(h.pageErrors).toEqual([]);
  });
});
