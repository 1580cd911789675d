import { type FormEvent, useId } from 'react';
import { useStore } from 'zustand';
import { desktopBridge } from '../../api/desktop-bridge';
import type { Space } from '../../api/types';
import type { ImportDraft, ImportSourceChoice } from './import-store';
import { useAppStores, useNavigation } from '../stores-context';

const KINDS: Array<{ kind: ImportDraft['kind']; label: string }> = [
  { kind: 'website', label: 'Website' },
  { kind: 'folder', label: 'Markdown folder' },
  { kind: 'markdown-file', label: 'Markdown file' },
  { kind: 'file', label: 'Zip or Word file' },
];

/** Chooses what to import and where; a refusal (the form's or the server's) shows above the buttons. */
export function ImportForm({ space, onCancel }: { space: Space; onCancel(): void }) {
  const { imports, pageTree } = useAppStores();
  const phase = useStore(imports, (state) => state.phase);
  const draft = useStore(imports, (state) => state.draft);
  const inputError = useStore(imports, (state) => state.inputError);
  const fileImports = useStore(imports, (state) => state.fileImports);
  const pageId = useNavigation((state) => state.pageId);
  const changeRequestId = useNavigation((state) => state.changeRequestId);
  const pageTitle = useStore(pageTree, (state) => (pageId ? state.tree.pages[pageId]?.title : undefined));
  const id = useId();
  const { kind } = draft;
  const setDraft = (changes: Partial<ImportDraft>) => imports.getState().setDraft(changes);
  const folderRefused = kind === 'folder' && fileImports.status === 'known' && !fileImports.allowed;
  const desktop = fileImports.status === 'known' && fileImports.desktop;
  const starting = phase.status === 'starting';
  const error = inputError ?? (phase.status === 'failed' ? phase.message : undefined);
  // The desktop window's native folder picker; a browser has none and keeps the typed path.
  const bridge = desktopBridge();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting || folderRefused) return;
    let source: ImportSourceChoice;
    if (kind === 'website') source = { kind, url: draft.url };
    else if (kind === 'folder') source = { kind, path: draft.path };
    else if (draft.file) source = { kind, name: draft.file.name, bytes: new Uint8Array(await draft.file.arrayBuffer()) };
    else {
      imports.setState({ inputError: 'Choose a file to import first.' });
      return;
    }
    const under = draft.underPage && pageId ? { parentPageId: pageId } : {};
    await imports.getState().start({ spaceId: space.id, ...under, ...(changeRequestId ? { changeRequestId } : {}) }, source);
  };

  return (
    <form className="import-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="import-form__kinds">
        <legend>What to import</legend>
        {KINDS.map((option, index) => (
          <label key={option.kind} className={`import-kind${kind === option.kind ? ' import-kind--checked' : ''}`}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={option.kind}
              checked={kind === option.kind}
              data-autofocus={index === 0 ? true : undefined}
              // A file chosen for one kind is not meant for another (and its input is replaced).
              onChange={() => setDraft({ kind: option.kind, file: undefined })}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      {kind === 'website' && (
        <div className="import-form__field">
          <label htmlFor={`${id}-url`}>Website address</label>
          <input id={`${id}-url`} type="url" inputMode="url" placeholder="https://docs.example.com/guide/" value={draft.url} onChange={(e) => setDraft({ url: e.target.value })} />
          <p className="hint">Folio reads the pages under this address on the same site (up to 500), as its robots.txt allows.</p>
        </div>
      )}
      {kind === 'folder' && (
        <div className="import-form__field">
          <label htmlFor={`${id}-path`}>Folder path</label>
          <div className="import-form__path">
            <input id={`${id}-path`} type="text" spellCheck={false} placeholder="/home/you/docs" value={draft.path} onChange={(e) => setDraft({ path: e.target.value })} />
            {bridge && (
              <button className="button" type="button" onClick={() => void imports.getState().chooseFolder(bridge)}>
                Choose folder…
              </button>
            )}
          </div>
          <p className="hint">
            The folder’s full path on {desktop ? 'this computer' : 'the computer running the Folio server'}. GitBook’s layout is followed:{' '}
            <code>SUMMARY.md</code> for the order, a <code>README.md</code> per folder, images in <code>.gitbook/assets</code>.
          </p>
          {folderRefused && (
            <p className="import-form__refused" role="note">
              This server does not read folders on its disk: it was started without <code>--allow-file-imports</code>. Import a zip of the
              folder instead, or ask the server’s owner to restart it with that option.
            </p>
          )}
        </div>
      )}
      {kind === 'markdown-file' && (
        <div className="import-form__field">
          <label htmlFor={`${id}-markdown`}>Markdown file to import</label>
          <input id={`${id}-markdown`} type="file" accept=".md,.markdown,text/markdown" onChange={(e) => setDraft({ file: e.target.files?.[0] })} />
          <p className="hint">
            {draft.file ? `Chosen: ${draft.file.name}. ` : ''}One page, titled by its front matter’s <code>title</code>, else its first <code># heading</code>, else its
            file name. Images and files it refers to cannot come along with a single file: import its folder, or a zip of it, to bring them.
          </p>
        </div>
      )}
      {kind === 'file' && (
        <div className="import-form__field">
          <label htmlFor={`${id}-file`}>File</label>
          <input id={`${id}-file`} type="file" accept=".zip,.docx,.md,.markdown,.html,.htm" onChange={(e) => setDraft({ file: e.target.files?.[0] })} />
          <p className="hint">
            {draft.file ? `Chosen: ${draft.file.name}. ` : ''}A zip of a markdown folder (GitBook’s layout), a Word document (.docx), or one markdown or
            HTML file; up to 8 MB.
          </p>
        </div>
      )}

      {pageId && (
        <label className="import-form__check">
          <input type="checkbox" checked={draft.underPage} onChange={(e) => setDraft({ underPage: e.target.checked })} />
          Import under “{pageTitle || 'the open page'}”
        </label>
      )}
      <p className="hint">{changeRequestId ? 'Pages are added to the change request you are editing.' : 'Pages are added to the space’s main content, after its pages.'}</p>

      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="import-form__actions">
        <button className="button" type="button" onClick={onCancel}>
          Cancel
        </button>
        {/* aria-disabled while starting: a disabled button would drop the keyboard focus to the page. */}
        <button className="button button--primary" type="submit" disabled={folderRefused} aria-disabled={starting || undefined}>
          {starting ? 'Starting…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
