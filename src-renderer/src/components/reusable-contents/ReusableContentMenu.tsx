import { type KeyboardEvent, useEffect, useRef } from 'react';

interface ReusableContentMenuProps {
  title: string;
  /** Where the menu opens: below this box (the button that opened it). */
  anchor: DOMRect;
  onRename(): void;
  onDelete(): void;
  /** `refocus`: give focus back to the button that opened it (Escape, Tab). */
  onClose(refocus: boolean): void;
}

/**
 * A reusable content's actions as an ARIA menu, as a page's are in the tree (styles shared with it): focus starts
 * on the first item, arrows move, Escape closes and returns to the button, a click outside closes.
 */
export function ReusableContentMenu({ title, anchor, onRename, onDelete, onClose }: ReusableContentMenuProps) {
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose(true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Opens upward when there is no room below (the section sits at the bottom of the window).
  const top = anchor.bottom + 4 + 96 > window.innerHeight ? anchor.top - 4 - 96 : anchor.bottom + 4;
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Actions for “${title}”`}
      className="page-tree__menu"
      style={{ top: Math.max(8, top), left: Math.max(8, Math.min(anchor.left, window.innerWidth - 220)) }}
      onKeyDown={onKeyDown}
    >
      <button type="button" role="menuitem" tabIndex={-1} className="page-tree__menu-item" onClick={onRename}>
        Rename
      </button>
      <button type="button" role="menuitem" tabIndex={-1} className="page-tree__menu-item page-tree__menu-item--danger" onClick={onDelete}>
        Delete
      </button>
    </div>
  );
}
