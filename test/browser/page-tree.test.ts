import { generateKeyBetween } from 'fractional-indexing';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { cutRevision, refreshTreeRows, treeDocId } from '../../src-main/content/engine';
import { setPageMarkdown } from '../../src-main/content/pages-service';
import { writePage } from '../../src-main/content/tree-model';
import { getUserById } from '../../src-main/store/users';
import { type BrowserHarness, startBrowserHarness } from './harness';

interface ApiPage {
  id: string;
  title: string;
  emoji?: string;
  markdown?: string;
  pages: ApiPage[];
}

let h: BrowserHarness;
let spaceId: string;

beforeAll(async () => {
  h = await startBrowserHarness('page-tree');
  spaceId = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title: 'Handbook' })).id;
  await spaceWithManyPages('Big manual', 10_000);
  await h.signIn();
  await h.openSpace('Handbook');
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const pagesOf = async () => (await h.api<{ pages: ApiPage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`)).pages;
const outline = (pages: ApiPage[]): unknown[] => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));
const find = (pages: ApiPage[], title: string): ApiPage | undefined => {
  for (const page of pages) {
    if (page.title === title) return page;
    const below = find(page.pages, title);
    if (below) return below;
  }
  return undefined;
};

const tree = () => h.page.getByRole('tree', { name: 'Pages' });
const row = (title: string) => tree().getByRole('treeitem', { name: new RegExp(`^${title}( \\d+ open comments?)?$`) });

const isFocused = (locator: Locator) => locator.evaluate((el) => el.matches(':focus'));

/** Creates a page from the "New page" button and names it in its title, which the editor focuses with "Untitled" selected. */
async function newPage(title: string) {
  await h.page.getByRole('button', { name: 'New page' }).click();
  // The page open before keeps its own title field until the new page shows: wait for the new one's.
  const focusedUntitled = () =>
    h.page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement | null;
      return active?.getAttribute('aria-label') === 'Page title' && active.value === 'Untitled' && active.selectionEnd === 8;
    });
  await expect.poll(focusedUntitled).toBe(true);
  await h.page.keyboard.type(title);
  await h.page.keyboard.press('Enter');
  await row(title).waitFor();
}

async function ownerContext() {
  return serviceContext(h.app, getUserById(h.app.db, (await h.api<{ id: string }>('GET', '/v1/user')).id)!);
}

/** A space with `count` pages at its root, written in one transaction (creating them one by one takes minutes). */
async function spaceWithManyPages(title: string, count: number) {
  const id = (await h.api<{ id: string }>('POST', `/v1/orgs/${h.orgId}/spaces`, { title })).id;
  const ctx = await ownerContext();
  const now = new Date().toISOString();
  ctx.docs.write((w) => {
    w.change(treeDocId(id), (doc) => {
      let order: string | null = null;
      for (let i = 0; i < count; i += 1) {
        order = generateKeyBetween(order, null);
        writePage(doc, `bulk${String(i).padStart(5, '0')}`, { kind: 'document', title: `Page ${i + 1}`, slug: `page-${i + 1}`, parent: null, order, createdAt: now, updatedAt: now });
      }
    });
    refreshTreeRows(ctx, { spaceId: id, treeId: id });
    cutRevision(ctx, { spaceId: id, treeId: id }, 'edits', ctx.user.id);
  });
  return id;
}

/** Drags a row onto another: near its top edge (before it) or onto its middle (inside it). */
async function drag(source: Locator, target: Locator, where: 'before' | 'inside') {
  const box = (await target.boundingBox())!;
  await source.dragTo(target, { targetPosition: { x: 60, y: where === 'before' ? 3 : box.height / 2 } });
}

describe('the page tree', () => {
  it('says there are no pages yet and offers to create the first one', async () => {
    await expect.poll(() => h.page.getByText('No pages yet — create the first one.').isVisible()).toBe(true);
    await h.screenshot('page-tree-empty');
  });

  it('creates a page, opens it and renames it in place, as /v1 then shows', async () => {
    await newPage('Welcome');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['Welcome']);
    expect(await row('Welcome').getAttribute('aria-selected')).toBe('true');

    await row('Welcome').focus();
    await h.page.keyboard.press('F2');
    // The tree's own field: the editor's title beside it is named "Page title" too.
    const input = tree().getByRole('textbox', { name: 'Page title' });
    await input.fill('Welcome aboard');
    await input.press('Enter');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['Welcome aboard']);
    await expect.poll(() => isFocused(row('Welcome aboard'))).toBe(true);
  });

  it('sets an emoji from the page actions menu', async () => {
    // The menu also opens from the keyboard, and Escape gives focus back to the page.
    await row('Welcome aboard').focus();
    await h.page.keyboard.press('Shift+F10');
    await expect.poll(() => isFocused(h.page.getByRole('menuitem', { name: 'Rename' }))).toBe(true);
    await h.page.keyboard.press('Escape');
    await expect.poll(() => isFocused(row('Welcome aboard'))).toBe(true);
    expect(await h.page.getByRole('menu').count()).toBe(0);

    await row('Welcome aboard').hover();
    await row('Welcome aboard').getByRole('button', { name: 'Page actions' }).click();
    await h.page.getByRole('menuitem', { name: 'Add emoji' }).click();
    const dialog = h.page.getByRole('dialog', { name: /Emoji of/ });
    await dialog.getByLabel('Emoji', { exact: true }).fill('🚀');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => find(await pagesOf(), 'Welcome aboard')?.emoji).toBe('🚀');
  });

  it('reorders by dragging a page above another, and nests it by dropping onto one', async () => {
    await newPage('Install');
    await newPage('Configure');
    await newPage('FAQ');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['Welcome aboard', 'Install', 'Configure', 'FAQ']);

    await drag(row('FAQ'), row('Install'), 'before');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['Welcome aboard', 'FAQ', 'Install', 'Configure']);

    await drag(row('Configure'), row('Install'), 'inside');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['Welcome aboard', 'FAQ', ['Install', ['Configure']]]);
    expect(await row('Install').getAttribute('aria-expanded')).toBe('true');
    expect(await row('Configure').getAttribute('aria-level')).toBe('2');
    await h.screenshot('page-tree-nested');
  });

  it('moves a page up with Alt+ArrowUp', async () => {
    await row('FAQ').focus();
    await h.page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => outline(await pagesOf())).toEqual(['FAQ', 'Welcome aboard', ['Install', ['Configure']]]);
    await expect.poll(() => isFocused(row('FAQ'))).toBe(true);
  });

  it('deletes a page with the pages in it, and Undo brings them back with the same ids and markdown', async () => {
    const before = (await pagesOf()).find((p) => p.title === 'Install')!;
    setPageMarkdown(await ownerContext(), spaceId, before.id, '# Install\n\nRun `npm ci`.\n');

    await row('Install').focus();
    await h.page.keyboard.press('Delete');
    const undo = h.page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    expect(await h.page.getByText('Deleted “Install” and 1 page in it —').isVisible()).toBe(true);
    await expect.poll(() => isFocused(undo)).toBe(true);
    await expect.poll(async () => outline(await pagesOf())).toEqual(['FAQ', 'Welcome aboard']);
    await h.screenshot('page-tree-undo');

    await undo.click();
    await expect.poll(async () => outline(await pagesOf())).toEqual(['FAQ', 'Welcome aboard', ['Install', ['Configure']]]);
    const restored = (await pagesOf()).find((p) => p.title === 'Install')!;
    expect(restored.id).toBe(before.id);
    expect(restored.pages[0]!.id).toBe(before.pages[0]!.id);
    const page = await h.api<{ markdown: string }>('GET', `/v1/spaces/${spaceId}/content/page/${before.id}?format=markdown`);
    expect(page.markdown).toBe('# Install\n\nRun `npm ci`.\n');
    await row('Install').waitFor();
  });

  it('shows the number of open comments on a page after a reload', async () => {
    const faq = (await pagesOf()).find((p) => p.title === 'FAQ')!;
    for (const text of ['Is this still true?', 'Add an example']) {
      await h.api('POST', `/v1/spaces/${spaceId}/comments`, { body: { markdown: text }, page: faq.id });
    }
    await h.page.reload();
    await tree().waitFor({ timeout: 5_000 }).catch(() => h.openSpace('Handbook'));
    await row('FAQ').waitFor();
    expect(await row('FAQ').getAttribute('aria-labelledby')).toContain('-count');
    expect(await row('FAQ').getByText('2 open comments').count()).toBe(1);
    await expect.poll(() => tree().getByRole('treeitem', { name: 'FAQ 2 open comments' }).count()).toBe(1);
    await h.screenshot('page-tree-comments');
  });

  it('offers no editing in a locked space: no New page, no actions, no drag', async () => {
    await h.api('PATCH', `/v1/spaces/${spaceId}`, { editMode: 'locked' });
    await h.page.reload();
    await tree().waitFor({ timeout: 5_000 }).catch(() => h.openSpace('Handbook'));
    await row('FAQ').waitFor();
    expect(await h.page.getByText('This space is locked: its pages cannot be changed.').isVisible()).toBe(true);
    expect(await h.page.getByRole('button', { name: 'New page' }).count()).toBe(0);
    expect(await tree().getByRole('button', { name: 'Page actions' }).count()).toBe(0);
    expect(await row('FAQ').getAttribute('draggable')).toBe('false');
    await row('FAQ').focus();
    await h.page.keyboard.press('Delete');
    await h.page.keyboard.press('Alt+ArrowDown');
    expect(outline(await pagesOf())).toEqual(['FAQ', 'Welcome aboard', ['Install', ['Configure']]]);
    await h.screenshot('page-tree-locked');
    await h.api('PATCH', `/v1/spaces/${spaceId}`, { editMode: 'live' });
  });

  // How fast it shows is measured by bench/benchmarks/renderer.ts; this checks that only the rows in view are drawn.
  it('shows the tree of a 10,000-page space, drawing only the rows in view', async () => {
    // Seeded before signing in (beforeAll), so the spaces list has it.
    await h.page.getByRole('button', { name: 'All spaces' }).click();
    await h.openSpace('Big manual');
    await row('Page 1').waitFor();
    expect(await tree().getByRole('treeitem').count()).toBeLessThan(100);
    expect(await row('Page 1').getAttribute('aria-setsize')).toBe('10000');

    await row('Page 1').focus();
    await h.page.keyboard.press('End');
    await expect.poll(() => isFocused(row('Page 10000'))).toBe(true);
    await h.screenshot('page-tree-10000-pages');
  }, 120_000);

  it('ends with no errors in the page', () => {
    expect(h.pageErrors).toEqual([]);
  });
});
