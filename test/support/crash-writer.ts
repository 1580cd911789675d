// A writer for test/content/crash-safety.test.ts, run as a child process that the test kills with
// SIGKILL at a random moment:
//
//   node --import tsx/esm test/support/crash-writer.ts <dataDir> <seed> [<spaceId> <pageId>]
//
// It opens the data directory as Folio does (openApp), creates a space and a page when not given
// them, then edits the page body forever through the services, alternating REST-style rewrites
// (setPageMarkdown) and live-editor pushes (pushBodyUpdate). Every line on stdout is JSON:
//   {"t":"ready", spaceId, pageId, markdown}          set up; `markdown` is the body read from the store
//   {"t":"try", seq, kind, markdown}                  about to make edit `seq`; the body it must leave
//   {"t":"ack", seq}                                  edit `seq` returned: acknowledged
// stdout is a pipe, which Node writes synchronously on Linux: a line printed is in the kernel's
// buffer before the next edit starts, and survives the kill.
import * as Y from 'yjs';
import { openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { bodyState, pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { currentPage } from '../../src-main/content/read-service';
import { createSpace } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';

/** Every this many edits one is a setPageMarkdown (which cuts a revision); the others are live pushes. */
const MARKDOWN_EVERY = 8;
/** Keeps the body small enough that each edit stays cheap. */
const MAX_LENGTH = 2_000;
/** A writer the test forgot is not left running. */
const GIVE_UP_MS = 30_000;

const [dataDir, seedArg, givenSpaceId, givenPageId] = process.argv.slice(2);
if (!dataDir || !seedArg) {
  console.error('usage: crash-writer.ts <dataDir> <seed> [<spaceId> <pageId>]');
  process.exit(2);
}

// mulberry32: small, seedable, good enough to vary edits.
let state = Number(seedArg) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const below = (n: number) => Math.floor(random() * n);
const WORDS = ['alpha', 'beta', 'gamma', 'délta', 'straße', '—', '\n', '## Heading\n', '`code`', 'naïve', ' ', '\n\n'];

function print(line: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** The next text: a random insertion, or a deletion (a long one when the text grew too long). */
function nextEdit(length: number, seq: number): { at: number; remove: number; insert: string } {
  if (length > MAX_LENGTH) {
    const remove = 300 + below(500);
    return { at: below(length - remove), remove, insert: '' };
  }
  if (length > 20 && random() < 0.25) return { at: below(length - 10), remove: 1 + below(10), insert: '' };
  return { at: below(length + 1), remove: 0, insert: `${WORDS[below(WORDS.length)]}${seq} ` };
}

const app = openApp({ dataDir });
const { owner } = bootstrapOwner(app.db, app.clock);
const ctx = serviceContext(app, owner);
let spaceId = givenSpaceId;
let pageId = givenPageId;
if (!spaceId || !pageId) {
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  spaceId = createSpace(ctx, orgId, { title: 'Crash safety' }).space.id;
  pageId = createPage(ctx, spaceId, { title: 'Edited until killed', markdown: '# Start\n' }).pageId;
}

// The editor's replica of the body, as the desktop editor keeps one.
const editor = new Y.Doc();
const text = editor.getText('markdown');
Y.applyUpdate(editor, bodyState(ctx, spaceId, pageId).update);
let markdown = currentPage(ctx, spaceId, pageId).markdown;
if (text.toString() !== markdown) throw new Error('the body document and the read model disagree at start');
print({ t: 'ready', spaceId, pageId, markdown });

const started = Date.now();
for (let seq = 1; Date.now() - started < GIVE_UP_MS; seq += 1) {
  const edit = nextEdit(markdown.length, seq);
  if (seq % MARKDOWN_EVERY === 0) {
    // A REST-style rewrite of the whole body (applied by the service as a minimal diff).
    const next = markdown.slice(0, edit.at) + edit.insert + markdown.slice(edit.at + edit.remove);
    print({ t: 'try', seq, kind: 'markdown', markdown: next });
    setPageMarkdown(ctx, spaceId, pageId, next);
    print({ t: 'ack', seq });
    markdown = next;
    // The editor pulls what it lacks, as after any change made elsewhere.
    Y.applyUpdate(editor, bodyState(ctx, spaceId, pageId, Y.encodeStateVector(editor)).update);
  } else {
    // A keystroke batch in the live editor, pushed as one Yjs update.
    const before = Y.encodeStateVector(editor);
    editor.transact(() => {
      if (edit.remove) text.delete(edit.at, edit.remove);
      if (edit.insert) text.insert(edit.at, edit.insert);
    });
    const next = text.toString();
    print({ t: 'try', seq, kind: 'push', markdown: next });
    pushBodyUpdate(ctx, spaceId, pageId, Y.encodeStateAsUpdate(editor, before));
    print({ t: 'ack', seq });
    markdown = next;
  }
  if (text.toString() !== markdown) throw new Error(`edit ${seq}: the editor and the store diverged`);
  // Timers and background compaction get their turns, as between IPC calls.
  await new Promise((resolve) => setImmediate(resolve));
}
app.close();
