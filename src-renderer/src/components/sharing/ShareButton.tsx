import { useState } from 'react';
import type { PermissionTarget } from '../../api/types';
import { ModalDialog } from '../ModalDialog';
import { SharingPanel } from './SharingPanel';

interface ShareButtonProps {
  target: PermissionTarget;
  /** The object's title, for the dialog's description and the button's accessible name. */
  subject: string;
  canManage: boolean;
  /** `icon`: a small button in a list's header (a collection); `text`: a toolbar button (a space). */
  look: 'text' | 'icon';
}

/** Opens the object's sharing panel in a dialog. */
export function ShareButton({ target, subject, canManage, look }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {look === 'text' ? (
        <button className="button button--quiet" type="button" aria-haspopup="dialog" title={`Who has access to ${subject}`} onClick={() => setOpen(true)}>
          Share
        </button>
      ) : (
        <button
          className="icon-button"
          type="button"
          aria-haspopup="dialog"
          aria-label={`Share ${subject}`}
          title={`Share ${subject}`}
          onClick={() => setOpen(true)}
        >
          <PeopleIcon />
        </button>
      )}
      {open && (
        <ModalDialog title="Share" description={`Who is invited to “${subject}”, and with which role.`} onClose={() => setOpen(false)} className="sharing-dialog">
          <SharingPanel target={target} canManage={canManage} />
        </ModalDialog>
      )}
    </>
  );
}

/** Two people: sharing. Decorative, the button's name says it. */
function PeopleIcon() {
  return (
    <svg className="icon" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8" />
      <path d="M18 14.3c2.2.7 3.5 2.8 3.5 5.7" />
    </svg>
  );
}
