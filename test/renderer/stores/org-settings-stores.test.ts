import { describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../src-renderer/src/stores/navigation-store';
import { checkDraft, createSamlStore, draftOf, type SamlClient, type SamlProvider } from '../../../src-renderer/src/components/org-settings/saml-store';
import { createTranslationsStore, type Translation, type TranslationsClient } from '../../../src-renderer/src/components/org-settings/translations-store';
import { page, serverError } from '../fake-client';

const ORG = 'org-acme';

function translationsSetup() {
  const items: Translation[] = [];
  let made = 0;
  const client = {
    translations: {
      list: { query: vi.fn(async (_input: { organizationId: string }) => page([...items])) },
      create: {
        mutate: vi.fn(async (input: { organizationId: string; source: { space: string; language: string }; language: string; title?: string }) => {
          made += 1;
          const created = { id: `tr-${made}`, title: input.title ?? null, source: input.source, language: input.language, permissions: { view: true, edit: true } } as unknown as Translation;
          items.push(created);
          return created;
        }),
      },
      update: { mutate: vi.fn(async (input: { organizationId: string; translationId: string; title?: string }) => ({ ...items.find((t) => t.id === input.translationId)!, title: input.title ?? null })) },
      delete: { mutate: vi.fn(async (_input: { organizationId: string; translationId: string }) => ({ deleted: true })) },
    },
  } satisfies TranslationsClient;
  return { store: createTranslationsStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() }), client };
}

const provider = (extra: Partial<SamlProvider> = {}) =>
  ({ object: 'saml-provider', id: 'saml-1', label: 'Okta', entityID: '', certificate: '', ssoURL: 'about:blank', defaultRole: 'read', status: 'pending', service: {}, ...extra }) as SamlProvider;

function samlSetup() {
  const client = {
    saml: {
      list: { query: vi.fn(async (_input: { organizationId: string }) => page<SamlProvider>([])) },
      create: { mutate: vi.fn(async (input: { organizationId: string; label: string }) => provider({ label: input.label })) },
      update: { mutate: vi.fn(async (input: { organizationId: string; samlProviderId: string; label?: string }) => provider({ label: input.label })) },
      delete: { mutate: vi.fn(async (_input: { organizationId: string; samlProviderId: string }) => ({ deleted: true })) },
    },
  } satisfies SamlClient;
  return { store: createSamlStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() }), client };
}

describe('the translations store', () => {
  it('creates, renames and deletes the organization’s translations', async () => {
    const { store, client } = translationsSetup();
    await store.getState().load(ORG);
    expect(store.getState().list).toMatchObject({ status: 'ready', count: 0 });
    const made = await store.getState().create({ spaceId: 'space-1', sourceLanguage: 'en', language: 'fr', title: '  French docs ' });
    expect(client.translations.create.mutate).toHaveBeenCalledWith({ organizationId: ORG, source: { space: 'space-1', language: 'en' }, language: 'fr', title: 'French docs' });
    expect(store.getState()).toMatchObject({ list: { count: 1 }, notice: 'Created the translation “French docs”.' });

    expect(await store.getState().rename(made!.id, 'Docs en français')).toBe(true);
    expect(store.getState().list).toMatchObject({ items: [{ title: 'Docs en français' }] });
    expect(await store.getState().remove(made!.id)).toBe(true);
    expect(store.getState().list).toMatchObject({ items: [], count: 0 });
  });

  it('refuses the same source and target language, and an empty new title, without asking the server', async () => {
    const { store, client } = translationsSetup();
    await store.getState().load(ORG);
    await store.getState().create({ spaceId: 'space-1', sourceLanguage: 'en', language: 'en' });
    expect(store.getState().errors.create).toBe('language: choose a language other than the source’s');
    expect(await store.getState().rename('tr-1', '  ')).toBe(false);
    expect(store.getState().errors.rename).toBe('title: give the translation a title');
    expect(client.translations.create.mutate).not.toHaveBeenCalled();
    expect(client.translations.update.mutate).not.toHaveBeenCalled();
  });
});

describe('the SAML providers store', () => {
  it('sends the form’s fields as the API takes them: no empty URL or team, a guest as null', () => {
    expect(checkDraft({ ...draftOf(), label: ' Okta ', defaultRole: null })).toEqual({ fields: { label: 'Okta', entityID: '', certificate: '', defaultRole: null } });
    expect(checkDraft({ ...draftOf(), label: 'Okta', ssoURL: 'https://idp.example/sso', defaultTeam: 'team-1' })).toMatchObject({
      fields: { ssoURL: 'https://idp.example/sso', defaultTeam: 'team-1', defaultRole: 'read' },
    });
    expect(checkDraft({ ...draftOf(), label: 'x'.repeat(31) })).toEqual({ error: 'label: at most 30 characters' });
    expect(checkDraft({ ...draftOf(), label: 'Okta', ssoURL: 'idp.example' })).toEqual({ error: 'ssoURL: must be an http(s) URL' });
    // A pending provider's unset URL is an empty field, not "about:blank".
    expect(draftOf(provider()).ssoURL).toBe('');
  });

  it('adds, edits and deletes providers, and shows the server’s refusal', async () => {
    const { store, client } = samlSetup();
    await store.getState().load(ORG);
    await store.getState().create({ ...draftOf(), label: 'Okta' });
    expect(store.getState()).toMatchObject({ list: { count: 1 }, notice: 'Added the identity provider “Okta”.' });
    expect(await store.getState().update('saml-1', { ...draftOf(provider()), label: 'Company' })).toBe(true);
    expect(store.getState().list).toMatchObject({ items: [{ label: 'Company' }] });
    // Choosing no team clears the one chosen before, rather than leaving it out of the update.
    await store.getState().update('saml-1', { ...draftOf(provider()), defaultTeam: '' });
    expect(client.saml.update.mutate).toHaveBeenLastCalledWith(expect.objectContaining({ defaultTeam: null }));

    client.saml.update.mutate.mockRejectedValueOnce(serverError('certificate: must be a PEM X.509 certificate', 'BAD_REQUEST', 400));
    expect(await store.getState().update('saml-1', { ...draftOf(provider()), certificate: 'junk' })).toBe(false);
    expect(store.getState().errors.update).toBe('certificate: must be a PEM X.509 certificate');

    expect(await store.getState().remove('saml-1')).toBe(true);
    expect(store.getState().list).toMatchObject({ items: [], count: 0 });
  });
});
