import { siblingsOf, TITLE_MAX, TITLE_MIN, titleOf } from './sites-model';
import type { SitesState } from './sites-state';
import type { SitesContext } from './sites-store-context';

// The open site's structure: its sections added, renamed, moved and deleted (groups have their own store,
// site-groups-store.ts, which has this store read the structure again).

type SiteStructureActions = Pick<SitesState, 'reloadStructure' | 'addSection' | 'renameSection' | 'move' | 'deleteSection'>;

export function siteStructureActions({ client, get, openRef, write, refuse, loadStructure, structureChanged }: SitesContext): SiteStructureActions {
  return {
    reloadStructure: (quiet) => loadStructure(quiet),

    async addSection(spaceId) {
      const ref = openRef();
      if (!ref) return false;
      const section = await write(
        'sections',
        () => client.sites.sections.add.mutate({ ...ref, spaceId }),
        (added) => `Added the section “${added.title}”.`,
      );
      if (section) await structureChanged();
      return section !== undefined;
    },

    async renameSection(sectionId, raw) {
      const ref = openRef();
      if (!ref) return false;
      const title = raw.trim();
      if (title.length < TITLE_MIN || title.length > TITLE_MAX) {
        return refuse('sections', `title: a section’s title has ${TITLE_MIN} to ${TITLE_MAX} characters`) ?? false;
      }
      const section = await write(
        'sections',
        () => client.sites.sections.update.mutate({ ...ref, siteSectionId: sectionId, title }),
        (renamed) => `Renamed the section to “${renamed.title}”.`,
      );
      if (section) await loadStructure(true);
      return section !== undefined;
    },

    async move(item, direction) {
      const ref = openRef();
      const structure = get().structure;
      if (!ref || structure.status !== 'ready') return false;
      const siblings = siblingsOf(structure.value, item.type, item.id) ?? [];
      const index = siblings.findIndex((p) => p.type === item.type && p.id === item.id);
      const neighbour = siblings[direction === 'up' ? index - 1 : index + 1];
      if (index < 0 || !neighbour) return false;
      const title = item.type === 'site-space' ? undefined : titleOf(get().structure, item.id);
      const moved = await write(
        'sections',
        () =>
          client.sites.structure.sort.mutate({
            ...ref,
            item,
            position: direction === 'up' ? { before: neighbour } : { after: neighbour },
          }),
        () => (title ? `Moved “${title}” ${direction}.` : `Moved the space ${direction}.`),
      );
      if (moved === undefined) return false;
      await loadStructure(true);
      return true;
    },

    async deleteSection(sectionId) {
      const ref = openRef();
      if (!ref) return false;
      const title = titleOf(get().structure, sectionId);
      const done = await write(
        'sections',
        () => client.sites.sections.delete.mutate({ ...ref, siteSectionId: sectionId }),
        () => `Deleted the section “${title}”.`,
      );
      if (done) await structureChanged();
      return done !== undefined;
    },
  };
}
