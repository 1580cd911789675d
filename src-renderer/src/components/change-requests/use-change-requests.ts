import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import type { ChangeRequestsState } from './change-requests-store';
import { useAppStores } from '../stores-context';

/** Subscribes to part of the change requests store; the selector must return a stable value (no new objects). */
export function useChangeRequests<T>(selector: (state: ChangeRequestsState) => T): T {
  return useStore(useAppStores().changeRequests, selector);
}

/** What the viewer may do with change requests in this space (the API refuses the rest anyway). */
export function changeRequestRights(space: Space) {
  const locked = space.editMode === 'locked';
  return {
    /** Open one and edit its content: a locked space is read-only everywhere in the app. */
    create: space.permissions.edit && !locked,
    edit: space.permissions.edit && !locked,
    /** The server also refuses merges into a locked space. */
    merge: space.permissions.merge && !locked,
    locked,
  };
}
