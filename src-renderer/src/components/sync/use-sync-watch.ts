import { useEffect } from 'react';
import { useAppStores } from '../stores-context';

/** Keeps the sync state current while the calling component is on screen (the store reads only while watched). */
export function useSyncWatch(): void {
  const { sync } = useAppStores();
  useEffect(() => sync.getState().watch(), [sync]);
}
