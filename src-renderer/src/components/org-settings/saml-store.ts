import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { StoreApi } from 'zustand/vanilla';
import type { AppRouter, Member, Page } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { createOrgSectionStore, type OrgSectionState } from '../../stores/org-section';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
export type SamlProvider = Outputs['saml']['get'];

const SAML_PROVIDERS_LIMIT = 100;
export const LABEL_MAX = 30;
export const ENTITY_ID_MAX = 1024;
export const CERTIFICATE_MAX = 10_000;
export const URL_MAX = 2048;
/** A pending provider's missing ssoURL, as the server presents it (saml/presenter.ts). */
export const UNSET_SSO_URL = 'about:blank';

/** The slice of the tRPC client the single sign-on section uses. */
export interface SamlClient {
  saml: {
    list: { query(input: Inputs['saml']['list']): Promise<Page<SamlProvider>> };
    create: { mutate(input: Inputs['saml']['create']): Promise<SamlProvider> };
    update: { mutate(input: Inputs['saml']['update']): Promise<SamlProvider> };
    delete: { mutate(input: Inputs['saml']['delete']): Promise<{ deleted: boolean }> };
  };
}

export type SamlAction = 'create' | 'update' | 'delete';

/** The provider form's fields, as typed. `defaultTeam` "" is none; `defaultRole` null is a guest. */
export interface SamlDraft {
  label: string;
  entityID: string;
  ssoURL: string;
  certificate: string;
  defaultRole: Member['role'];
  defaultTeam: string;
}

interface SamlWrites {
  create(draft: SamlDraft): Promise<SamlProvider | undefined>;
  update(samlProviderId: string, draft: SamlDraft): Promise<boolean>;
  remove(samlProviderId: string): Promise<boolean>;
}

type SamlState = OrgSectionState<SamlProvider, SamlAction> & SamlWrites;
export type SamlStore = StoreApi<SamlState>;

/** The form's values for a provider (empty for a new one). */
export function draftOf(provider?: SamlProvider): SamlDraft {
  return {
    label: provider?.label ?? '',
    entityID: provider?.entityID ?? '',
    ssoURL: provider && provider.ssoURL !== UNSET_SSO_URL ? provider.ssoURL : '',
    certificate: provider?.certificate ?? '',
    defaultRole: provider ? provider.defaultRole : 'read',
    defaultTeam: provider?.defaultTeam?.id ?? '',
  };
}

/** The fields as the server will accept them, or why not (the field first, as /v1 says it). */
export function checkDraft(draft: SamlDraft): { fields: Omit<Inputs['saml']['create'], 'organizationId'> } | { error: string } {
  const label = draft.label.trim();
  if (!label) return { error: 'label: give the provider a name' };
  if (label.length > LABEL_MAX) return { error: `label: at most ${LABEL_MAX} characters` };
  const entityID = draft.entityID.trim();
  if (entityID.length > ENTITY_ID_MAX) return { error: `entityID: at most ${ENTITY_ID_MAX} characters` };
  const certificate = draft.certificate.trim();
  if (certificate.length > CERTIFICATE_MAX) return { error: `certificate: at most ${CERTIFICATE_MAX} characters` };
  const ssoURL = draft.ssoURL.trim();
  if (ssoURL && !/^https?:\/\/\S+$/i.test(ssoURL)) return { error: 'ssoURL: must be an http(s) URL' };
  if (ssoURL.length > URL_MAX) return { error: `ssoURL: at most ${URL_MAX} characters` };
  return {
    fields: {
      label,
      entityID,
      certificate,
      ...(ssoURL ? { ssoURL } : {}),
      defaultRole: draft.defaultRole,
      ...(draft.defaultTeam ? { defaultTeam: draft.defaultTeam } : {}),
    },
  };
}

/** The organization's SAML identity providers (admins only: the section is not shown to others). */
export function createSamlStore({ client, onUnauthorized }: FeatureDependencies<SamlClient>): SamlStore {
  return createOrgSectionStore<SamlProvider, SamlAction, SamlWrites>(
    (organizationId) => client.saml.list.query({ organizationId, limit: SAML_PROVIDERS_LIMIT }),
    onUnauthorized,
    ({ write, refuse, change }) => ({
      async create(draft) {
        const checked = checkDraft(draft);
        if ('error' in checked) return refuse('create', checked.error);
        const made = await write(
          'create',
          (organizationId) => client.saml.create.mutate({ organizationId, ...checked.fields }),
          (p) => `Added the identity provider “${p.label}”.`,
        );
        if (made) change((items) => [...items, made], 1);
        return made;
      },
      async update(samlProviderId, draft) {
        const checked = checkDraft(draft);
        if ('error' in checked) return refuse('update', checked.error) ?? false;
        const saved = await write(
          'update',
          // No team chosen: say so (null), or a team chosen before would stay.
          (organizationId) => client.saml.update.mutate({ organizationId, samlProviderId, ...checked.fields, defaultTeam: draft.defaultTeam || null }),
          (p) => `Saved the identity provider “${p.label}”.`,
        );
        if (saved) change((items) => items.map((p) => (p.id === saved.id ? saved : p)));
        return saved !== undefined;
      },
      async remove(samlProviderId) {
        const done = await write('delete', (organizationId) => client.saml.delete.mutate({ organizationId, samlProviderId }), () => 'Deleted the identity provider.');
        if (done) change((items) => items.filter((p) => p.id !== samlProviderId), -1);
        return done !== undefined;
      },
    }),
  );
}
