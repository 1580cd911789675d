import { useId } from 'react';
import { useAppStores, useOrganizations } from './stores-context';

/** A native select: labelled, and keyboard-operable as every platform expects. */
export function OrganizationSwitcher() {
  const { organizations } = useAppStores();
  const list = useOrganizations((state) => state.organizations);
  const selectedId = useOrganizations((state) => state.selectedId);
  const id = useId();

  if (list.status !== 'ready' || list.items.length === 0) return null;
  return (
    <div className="switcher">
      <label htmlFor={id}>Organization</label>
      <div className="switcher__control">
        <select id={id} value={selectedId ?? ''} onChange={(event) => void organizations.getState().select(event.target.value)}>
          {list.items.map((org) => (
            <option key={org.id} value={org.id}>
              {org.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
