import { escapeHtml } from './safe';

/**
 * A hint's custom icon (`{% hint style="info" icon="rocket" %}`; GitBook's icons are Font Awesome names). The
 * published site has no script and fetches nothing from elsewhere, and shipping the whole icon font is out of
 * proportion, so a few common names are drawn here as small inline SVGs (Folio's own drawings, in the text's
 * colour); any other name keeps the style's default icon.
 */

/** Each icon: the inside of a 24 × 24 `<svg>` drawn with a 2-unit round stroke. */
const ICONS: Record<string, string> = {
  info: '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5v.01"/>',
  check: '<circle cx="12" cy="12" r="9"/><path d="M8 12.5l3 3 5-6"/>',
  exclamation: '<circle cx="12" cy="12" r="9"/><path d="M12 7v6M12 16.5v.01"/>',
  triangle: '<path d="M12 3.5L2.5 20h19z"/><path d="M12 10v4.5M12 17.5v.01"/>',
  xmark: '<circle cx="12" cy="12" r="9"/><path d="M9 9l6 6M15 9l-6 6"/>',
  lightbulb: '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>',
  rocket: '<path d="M12 3c3 2 4.5 5.5 4 10l-2 3h-4l-2-3c-.5-4.5 1-8 4-10z"/><circle cx="12" cy="9.5" r="1.5"/><path d="M8.5 13L6 16v3l3-1.5M15.5 13l2.5 3v3l-3-1.5M11 19.5l1 1.5 1-1.5"/>',
  star: '<path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z"/>',
  bell: '<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0"/>',
  book: '<path d="M4 5.5C4 4.7 4.7 4 5.5 4H11v16H5.5c-.8 0-1.5-.7-1.5-1.5zM20 5.5c0-.8-.7-1.5-1.5-1.5H13v16h5.5c.8 0 1.5-.7 1.5-1.5z"/>',
  heart: '<path d="M12 20s-7.5-4.6-8.5-9.5C2.8 7 5 4.5 7.8 4.5c1.8 0 3.2 1 4.2 2.5 1-1.5 2.4-2.5 4.2-2.5 2.8 0 5 2.5 4.3 6C19.5 15.4 12 20 12 20z"/>',
  bolt: '<path d="M13 2.5L5 13.5h6l-1 8 8-11h-6z"/>',
  flag: '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="2"/><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"/>',
  gear: '<circle cx="12" cy="12" r="3"/><path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"/>',
};

/** Font Awesome's names (and a few old ones) for the drawings above. */
const ALIASES: Record<string, string> = {
  'circle-info': 'info',
  'info-circle': 'info',
  'circle-check': 'check',
  'check-circle': 'check',
  'square-check': 'check',
  'circle-exclamation': 'exclamation',
  'exclamation-circle': 'exclamation',
  'triangle-exclamation': 'triangle',
  'exclamation-triangle': 'triangle',
  warning: 'triangle',
  'circle-xmark': 'xmark',
  'times-circle': 'xmark',
  'xmark-circle': 'xmark',
  ban: 'xmark',
  'lightbulb-on': 'lightbulb',
  'rocket-launch': 'rocket',
  'book-open': 'book',
  'bell-on': 'bell',
  'bolt-lightning': 'bolt',
  'flag-checkered': 'flag',
  'lock-keyhole': 'lock',
  cog: 'gear',
  gears: 'gear',
};

/** The icon's name as GitBook writes it, without Font Awesome's `fa-` prefix or style (`fa-solid rocket`). */
export function iconName(icon: string): string {
  const words = icon.trim().toLowerCase().split(/\s+/);
  const name = words.filter((word) => !/^fa-(solid|regular|light|thin|duotone|brands|sharp)$|^fa[srldb]?$/.test(word)).at(-1) ?? '';
  return name.replace(/^fa-/, '').slice(0, 64);
}

/** The SVG of a known icon, labelled for screen readers; undefined for a name that is not drawn here. */
export function hintIconSvg(icon: string, label: string): string | undefined {
  const name = iconName(icon);
  const drawing = Object.hasOwn(ICONS, name) ? ICONS[name] : Object.hasOwn(ALIASES, name) ? ICONS[ALIASES[name]!] : undefined;
  if (drawing === undefined) return undefined;
  return `<svg class="hint-icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" role="img" aria-label="${escapeHtml(label)}" focusable="false">${drawing}</svg>`;
}
