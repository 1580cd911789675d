import { type FormEvent, useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { formatDate } from '../../format';
import { SHARE_LINK_NAME_MAX, type ShareLink, type Site } from './sites-model';
import { CopyButton } from '../settings/CopyButton';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { InlineConfirm } from './InlineConfirm';
import { RenameForm } from './RenameForm';

/** Secret links to the site for visitors without an account (admins only: each link is a key to the site). */
export function ShareLinksSection({ site }: { site: Site }) {
  const { sites } = useAppStores();
  const load = useStore(sites, (state) => state.shareLinks);
  const error = useStore(sites, (state) => state.errors.shareLinks);
  // What a Copy button just did, announced politely.
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    void sites.getState().loadShareLinks();
  }, [sites]);

  return (
    <section className="section site-panel" aria-labelledby="site-share-links-title">
      <h2 id="site-share-links-title">Share links</h2>
      <p className="hint">
        {site.visibility === 'share-link'
          ? 'Only visitors holding one of these links can read the published site.'
          : 'These links admit visitors once the site’s visibility is “Share links”; until then anyone the visibility allows can read it.'}
      </p>
      <CreateShareLinkForm />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="site-share-links__announce" role="status">
        {message}
      </p>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the share links…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void sites.getState().loadShareLinks()}>
          Could not load the share links: {load.message}
        </StatusMessage>
      ) : load.value.items.length === 0 ? (
        <p className="hint">No share links yet.</p>
      ) : (
        <>
          <ul className="share-links" aria-label="Share links">
            {load.value.items.map((link) => (
              <ShareLinkRow key={link.id} link={link} onMessage={setMessage} />
            ))}
          </ul>
          {load.value.count > load.value.items.length && (
            <p className="hint">
              Showing {load.value.items.length} of {load.value.count} links.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function CreateShareLinkForm() {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.shareLinks === true);
  const [name, setName] = useState('');
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await sites.getState().createShareLink(name)) setName('');
  };

  return (
    <form className="site-add-section" onSubmit={submit} aria-label="New share link" noValidate>
      <div className="field field--grow">
        <label htmlFor={id}>Name of a new link (optional)</label>
        <input id={id} value={name} maxLength={SHARE_LINK_NAME_MAX} placeholder="e.g. Partners" autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <button className="button" type="submit" aria-disabled={pending}>
        Create share link
      </button>
    </form>
  );
}

function ShareLinkRow({ link, onMessage }: { link: ShareLink; onMessage(message: string): void }) {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.shareLinks === true);
  const [renaming, setRenaming] = useState(false);
  const name = link.name || 'Unnamed link';
  const address = 'published' in link.urls ? link.urls.published : undefined;

  return (
    <li className={`share-link${link.active ? '' : ' share-link--inactive'}`}>
      <div className="share-link__head">
        {renaming ? (
          <RenameForm
            what={`the share link ${name}`}
            initial={link.name ?? ''}
            maxLength={SHARE_LINK_NAME_MAX}
            placeholder="Unnamed link"
            pending={pending}
            onSave={(value) => sites.getState().renameShareLink(link.id, value)}
            onCancel={() => setRenaming(false)}
          />
        ) : (
          <>
            <span className="share-link__name">{name}</span>
            <span className={`badge ${link.active ? 'badge--published' : 'badge--draft'}`}>{link.active ? 'Active' : 'Deactivated'}</span>
            <span className="share-link__date">created {formatDate(link.createdAt)}</span>
          </>
        )}
      </div>
      {address ? (
        <div className="share-link__address">
          <code>{address}</code>
          <CopyButton text={address} what={`the link ${name}`} onResult={onMessage} />
        </div>
      ) : (
        <p className="hint">Publish the site to get this link’s address.</p>
      )}
      {!renaming && (
        <div className="share-link__actions">
          <button className="button button--quiet" type="button" aria-label={`Rename the share link ${name}`} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button
            className="button button--quiet"
            type="button"
            aria-label={`${link.active ? 'Deactivate' : 'Reactivate'} the share link ${name}`}
            aria-disabled={pending}
            onClick={() => void sites.getState().setShareLinkActive(link.id, !link.active)}
          >
            {link.active ? 'Deactivate' : 'Reactivate'}
          </button>
          <InlineConfirm
            label="Delete"
            name={`Delete the share link ${name}`}
            confirm={`Delete “${name}”`}
            pending={pending}
            onConfirm={() => void sites.getState().deleteShareLink(link.id)}
          />
        </div>
      )}
    </li>
  );
}
