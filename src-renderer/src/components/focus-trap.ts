/** What Tab can reach inside a dialog. */
const FOCUSABLE = 'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])';

/** The first control a dialog focuses when it opens: one marked `data-autofocus`, else the first focusable one. */
export function firstFocusable(container: HTMLElement | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>('[data-autofocus]') ?? container?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * Keeps Tab and Shift+Tab inside a modal: from its last control to its first and back, and from outside it
 * (focus fell to the body) to its ends. Returns whether it handled the key.
 */
export function cycleFocus(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, container: HTMLElement | null): boolean {
  if (event.key !== 'Tab' || !container) return false;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null && isRadioTabStop(element, container),
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return true;
  }
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
  return true;
}

/**
 * Tab reaches one radio button of a group, the checked one (else the first): the others are not ends of the
 * tab order, or a group last in a dialog would let focus out of it.
 */
function isRadioTabStop(element: HTMLElement, container: HTMLElement): boolean {
  const radio = element as HTMLInputElement;
  if (element.tagName !== 'INPUT' || radio.type !== 'radio' || !radio.name) return true;
  const group = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((other) => other.name === radio.name);
  return radio === (group.find((other) => other.checked) ?? group[0]);
}
