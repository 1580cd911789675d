import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { TreePage } from './tree-data';

export interface PageMenuItem {
  label: string;
  run(): void;
  danger?: boolean;
}

interface PageActionsMenuProps {
  page: TreePage;
  items: PageMenuItem[];
  /** Where the menu opens: below this box. */
  anchor: DOMRect;
  /** `refocus`: give focus back to the page's row (Escape, Tab, a click outside leaves it where it went). */
  onClose(refocus: boolean): void;
}

/**
 * A page's actions as an ARIA menu: focus starts on the first item, arrows move, Escape closes and
 * returns to the page, choosing an item runs it.
 */
export function PageActionsMenu({ page, items, anchor, onClose }: PageActionsMenuProps) {
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

  const top = Math.min(anchor.bottom + 4, window.innerHeight - 44 * items.length - 16);
  const left = Math.min(anchor.left, window.innerWidth - 220);
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Actions for “${page.title}”`}
      className="page-tree__menu"
      style={{ top: Math.max(8, top), left: Math.max(8, left) }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`page-tree__menu-item${item.danger ? ' page-tree__menu-item--danger' : ''}`}
          onClick={() => item.run()}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
