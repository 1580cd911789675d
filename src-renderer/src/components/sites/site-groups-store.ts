import type { inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import { type ActionState, actionRunner } from '../../stores/action-state';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { Inputs, SiteRef, SiteStructure, StructureItem } from './sites-model';
import type { SitesStore } from './sites-store';

// The section groups of the open site (GitBook's SiteSectionGroup: a titled group of sections in the site's
// top navigation). The structure they change is the Sites store's; this store writes and has it read again.

type SectionGroup = inferRouterOutputs<AppRouter>['sites']['sectionGroups']['add'];
type GroupRef = SiteRef & { siteSectionGroupId: string };

/** The slice of the tRPC client the group controls use. */
export interface SiteGroupsClient {
  sites: {
    sectionGroups: {
      add: { mutate(input: Inputs['sites']['sectionGroups']['add']): Promise<SectionGroup> };
      update: { mutate(input: Inputs['sites']['sectionGroups']['update']): Promise<SectionGroup> };
      delete: { mutate(input: GroupRef): Promise<{ deleted: boolean }> };
      addSection: { mutate(input: GroupRef & { sectionId: string }): Promise<SectionGroup> };
      removeSection: { mutate(input: GroupRef & { siteSectionId: string }): Promise<{ removed: boolean }> };
    };
  };
}

/** GitBook's SiteSectionGroupTitle (the server's siteSectionGroupTitle). */
export const GROUP_TITLE_MIN = 1;
export const GROUP_TITLE_MAX = 100;

/** The group's title as the server will accept it, or why not (in the /v1 words: the field first). */
export function checkGroupTitle(raw: string): { title: string } | { error: string } {
  const title = raw.trim();
  if (title.length < GROUP_TITLE_MIN || title.length > GROUP_TITLE_MAX) {
    return { error: `title: a group’s title has ${GROUP_TITLE_MIN} to ${GROUP_TITLE_MAX} characters` };
  }
  return { title };
}

type Group = Extract<StructureItem, { object: 'site-section-group' }>;

/** The structure's groups, in order. */
export function groupsOf(structure: SiteStructure): Group[] {
  if (structure.type !== 'sections') return [];
  return (structure.structure as StructureItem[]).filter((item): item is Group => item.object === 'site-section-group');
}

/** `create`: the New group form; `groups`: the rows' renames, deletes and moves in and out of groups. */
type SiteGroupsAction = 'create' | 'groups';

interface SiteGroupsState extends ActionState<SiteGroupsAction> {
  /** A new empty group at the end of the open site's sections. */
  createGroup(title: string): Promise<boolean>;
  renameGroup(groupId: string, title: string): Promise<boolean>;
  /** Deletes the group; its sections stay, at the top level where it was. */
  deleteGroup(groupId: string): Promise<boolean>;
  /** Moves a section (from the top level or another group) to the end of the group. */
  moveIntoGroup(sectionId: string, groupId: string): Promise<boolean>;
  /** Takes a section out of its group, to the top level just after the group. */
  takeOutOfGroup(sectionId: string): Promise<boolean>;
  clearError(action: SiteGroupsAction): void;
}

export type SiteGroupsStore = StoreApi<SiteGroupsState>;

export function createSiteGroupsStore({ client, onUnauthorized, sites }: FeatureDependencies<SiteGroupsClient> & { sites: SitesStore }): SiteGroupsStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };
  const openRef = (): SiteRef | undefined => {
    const screen = sites.getState().screen;
    return screen?.siteId ? { organizationId: screen.organizationId, siteId: screen.siteId } : undefined;
  };
  const structure = (): SiteStructure | undefined => {
    const load = sites.getState().structure;
    return load.status === 'ready' ? load.value : undefined;
  };
  const groupTitle = (groupId: string) => groupsOf(structure() ?? { type: 'sections', structure: [] }).find((g) => g.id === groupId)?.title ?? groupId;
  /** The section's title and the group holding it, if any. */
  const sectionPlace = (sectionId: string): { title: string; group?: Group } => {
    for (const item of (structure()?.structure ?? []) as StructureItem[]) {
      if (item.object === 'site-section' && item.id === sectionId) return { title: item.title };
      if (item.object === 'site-section-group') {
        const section = item.sections.find((s) => s.id === sectionId);
        if (section) return { title: section.title, group: item };
      }
    }
    return { title: sectionId };
  };
  /** After a change: the structure read again, keeping what is shown until it comes. */
  const changed = () => sites.getState().reloadStructure(true);

  return createStore<SiteGroupsState>()((set, get) => {
    const { write, refuse } = actionRunner<SiteGroupsAction, SiteGroupsState>(get, set, explain);

    // Another site's errors and notices do not belong on this one.
    sites.subscribe((state, previous) => {
      if (state.screen?.siteId !== previous.screen?.siteId) set({ errors: {}, notice: undefined });
    });

    return {
      pending: {},
      errors: {},

      async createGroup(raw) {
        const ref = openRef();
        if (!ref) return false;
        const checked = checkGroupTitle(raw);
        if ('error' in checked) return refuse('create', checked.error) ?? false;
        if (structure()?.type !== 'sections') {
          return refuse('create', 'sections: this site has no sections yet; add a section before grouping sections') ?? false;
        }
        const group = await write(
          'create',
          () => client.sites.sectionGroups.add.mutate({ ...ref, title: checked.title }),
          (made) => `Created the group “${made.title}”.`,
        );
        if (group) await changed();
        return group !== undefined;
      },

      async renameGroup(groupId, raw) {
        const ref = openRef();
        if (!ref) return false;
        const checked = checkGroupTitle(raw);
        if ('error' in checked) return refuse('groups', checked.error) ?? false;
        const group = await write(
          'groups',
          () => client.sites.sectionGroups.update.mutate({ ...ref, siteSectionGroupId: groupId, title: checked.title }),
          (renamed) => `Renamed the group to “${renamed.title}”.`,
        );
        if (group) await changed();
        return group !== undefined;
      },

      async deleteGroup(groupId) {
        const ref = openRef();
        if (!ref) return false;
        const title = groupTitle(groupId);
        const done = await write(
          'groups',
          () => client.sites.sectionGroups.delete.mutate({ ...ref, siteSectionGroupId: groupId }),
          // false: another window deleted it first; either way it is gone.
          (answer) => (answer.deleted ? `Deleted the group “${title}”; its sections stay in the site.` : `The group “${title}” was already deleted.`),
        );
        if (done) await changed();
        return done !== undefined;
      },

      async moveIntoGroup(sectionId, groupId) {
        const ref = openRef();
        if (!ref) return false;
        const { title } = sectionPlace(sectionId);
        const group = await write(
          'groups',
          () => client.sites.sectionGroups.addSection.mutate({ ...ref, siteSectionGroupId: groupId, sectionId }),
          (into) => `Moved “${title}” into the group “${into.title}”.`,
        );
        if (group) await changed();
        return group !== undefined;
      },

      async takeOutOfGroup(sectionId) {
        const ref = openRef();
        if (!ref) return false;
        const { title, group } = sectionPlace(sectionId);
        if (!group) return refuse('groups', `siteSectionId: the section “${title}” is in no group`) ?? false;
        const done = await write(
          'groups',
          () => client.sites.sectionGroups.removeSection.mutate({ ...ref, siteSectionGroupId: group.id, siteSectionId: sectionId }),
          (answer) => (answer.removed ? `Took “${title}” out of the group “${group.title}”.` : `“${title}” was no longer in the group “${group.title}”.`),
        );
        if (done) await changed();
        return done !== undefined;
      },

      clearError(action) {
        set((state) => ({ errors: { ...state.errors, [action]: undefined } }));
      },
    };
  });
}
