import { useId } from 'react';
import type { PermissionTarget } from '../../api/types';
import { SharingPanel } from './SharingPanel';

/** The sharing panel as a section of a page (a site's page), titled "Sharing". */
export function SharingSection({ target, canManage }: { target: PermissionTarget; canManage: boolean }) {
  const headingId = useId();
  return (
    <section className="section site-panel sharing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Sharing</h2>
      <SharingPanel target={target} canManage={canManage} />
    </section>
  );
}
