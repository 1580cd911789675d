import { COLUMN_TRACKS } from '../../../src-shared/gitbook-markdown/html/columns';

/** GitBook's text colours (colour marks), per theme; backgrounds are the same colours, faint. */
const MARKS_LIGHT = `--mark-green: #1f8a4c; --mark-blue: #2c6bd6; --mark-red: #c63a3a; --mark-orange: #c2590a; --mark-yellow: #a27500; --mark-purple: #7c4dd6;`;
const MARKS_DARK = `--mark-green: #5fcf8f; --mark-blue: #7fa8ff; --mark-red: #f08080; --mark-orange: #f0a060; --mark-yellow: #e8c547; --mark-purple: #b899ff;`;
const MARK_COLORS: Record<string, string> = {
  green: 'var(--mark-green)',
  blue: 'var(--mark-blue)',
  red: 'var(--mark-red)',
  orange: 'var(--mark-orange)',
  yellow: 'var(--mark-yellow)',
  purple: 'var(--mark-purple)',
  primary: 'var(--accent)',
  info: 'var(--info)',
  success: 'var(--success)',
  warning: 'var(--warning)',
  danger: 'var(--danger)',
};

const markRules = Object.entries(MARK_COLORS)
  .map(([name, color]) => `.mark-text-${name} { color: ${color}; }\n.mark-bg-${name} { background: color-mix(in srgb, ${color} 18%, transparent); }`)
  .join('\n');

const columnRules = Array.from({ length: COLUMN_TRACKS }, (_, i) => `.column-span-${i + 1} { grid-column: span ${i + 1}; }`).join('\n');
// Every whole percentage an image can be resized to in GitBook's editor (images.ts rounds to the nearest).
const imageWidthRules = Array.from({ length: 100 }, (_, i) => `.markdown .image-width-${i + 1} { width: ${i + 1}%; }`).join('\n');

/**
 * An image with a dark variant is two `<img>`: each theme hides the other's, and sets no display of its own,
 * so each keeps the one its place gives it (inline in text, a block in a figure or a card).
 */
const hide = (scope: string, variant: 'light' | 'dark') => `${scope} .markdown .image-${variant} { display: none; }`;
const THEMED_IMAGES = `@media (prefers-color-scheme: light) { ${hide(':root:not(.theme-dark)', 'dark')} }
@media (prefers-color-scheme: dark) { ${hide(':root:not(.theme-light)', 'light')} }
${hide(':root.theme-light', 'dark')}
${hide(':root.theme-dark', 'light')}`;

/**
 * The published site's styles for GitBook's blocks (src-shared/gitbook-markdown/html): all by class, since
 * the CSP allows no inline style; light and dark follow the site's palette variables, and the dark images
 * follow the theme the way the site's logo does (the system's choice, or the site's forced theme).
 */
export const BLOCK_CSS = `
:root { ${MARKS_LIGHT} }
@media (prefers-color-scheme: dark) { :root:not(.theme-light) { ${MARKS_DARK} } }
:root.theme-dark { ${MARKS_DARK} }
.markdown mark { background: none; color: inherit; padding: 0 .15em; border-radius: 3px; }
${markRules}
.markdown kbd { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85em; padding: .05rem .4rem; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; background: var(--soft); }
.markdown .task-list { list-style: none; padding-left: 1.25rem; }
.markdown .task-item input { margin: 0 .4rem 0 -1.25rem; }
.markdown .inline-image { vertical-align: middle; }
.markdown .inline-image-line { height: 1.25em; width: auto; }
.image-missing { color: var(--muted); font-style: italic; }

.hint { position: relative; padding-left: 3rem; }
.hint::before { content: "i" / "Info"; position: absolute; left: .9rem; top: 1.3rem; width: 1.35rem; height: 1.35rem; border-radius: 50%; display: flex; align-items: center; justify-content: center; font: 700 .8rem/1 system-ui, sans-serif; color: var(--bg); background: var(--info); }
.hint-success::before { content: "✓" / "Success"; background: var(--success); }
.hint-warning::before { content: "!" / "Warning"; background: var(--warning); }
.hint-danger::before { content: "✕" / "Danger"; background: var(--danger); }
.hint-success { background: color-mix(in srgb, var(--success) 8%, var(--bg)); }
.hint-warning { background: color-mix(in srgb, var(--warning) 9%, var(--bg)); }
.hint-danger { background: color-mix(in srgb, var(--danger) 8%, var(--bg)); }
.hint-info { background: color-mix(in srgb, var(--info) 7%, var(--bg)); }
.hint-custom-icon::before { content: none; }
.hint-icon { position: absolute; left: .85rem; top: 1.25rem; width: 1.45rem; height: 1.45rem; color: var(--info); }
.hint-success .hint-icon { color: var(--success); }
.hint-warning .hint-icon { color: var(--warning); }
.hint-danger .hint-icon { color: var(--danger); }

.code-block { margin: 1rem 0; }
.code-block pre { margin: 0; }
.code-title { font-size: .85rem; font-weight: 600; padding: .45rem 1rem; background: var(--soft); border: 1px solid var(--line); border-bottom: 0; border-radius: var(--radius, 8px) var(--radius, 8px) 0 0; }
.markdown .code-title + pre { border-top-left-radius: 0; border-top-right-radius: 0; border: 1px solid var(--line); }
.markdown .code-wrap pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.code-numbered code { counter-reset: code-line; }
.code-numbered .code-line { counter-increment: code-line; }
.code-numbered .code-line::before { content: counter(code-line); display: inline-block; width: 2.25em; margin-right: 1em; text-align: right; color: var(--muted); user-select: none; }

.images { display: flex; flex-wrap: wrap; gap: 1rem; margin: 1rem 0; }
.images-center { justify-content: center; }
.images-right { justify-content: flex-end; }
.markdown figure { margin: 1rem 0; }
.markdown .images figure.image { margin: 0; max-width: 100%; }
.markdown figure.image img { display: block; }
.markdown figcaption { color: var(--muted); font-size: .9rem; margin-top: .4rem; }
.markdown figure.image figcaption { text-align: center; }
${imageWidthRules}
.markdown figure.image-sized img { width: 100%; }

.table-wrap { overflow-x: auto; margin: 1rem 0; }
.markdown th { text-align: left; background: var(--soft); }
.markdown th.align-center, .markdown td.align-center { text-align: center; }
.markdown th.align-right, .markdown td.align-right { text-align: right; }

.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; margin: 1rem 0; }
.cards-large { grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); }
.card { display: flex; flex-direction: column; border: 1px solid var(--line); border-radius: var(--radius, 8px); overflow: hidden; color: var(--fg); text-decoration: none; background: var(--bg); }
a.card:hover, a.card:focus-visible { border-color: var(--accent); }
.markdown .card-cover { display: block; width: 100%; aspect-ratio: 16 / 9; object-fit: cover; background: var(--soft); }
.card-body { padding: .75rem 1rem; }
.card-title { font-weight: 600; }
.card-text { color: var(--muted); font-size: .9rem; margin-top: .25rem; }
.card-label { display: block; font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }

.card-link { display: flex; flex-direction: column; gap: .1rem; padding: .75rem 1rem .75rem 3rem; position: relative; border: 1px solid var(--line); border-radius: var(--radius, 8px); color: var(--fg); text-decoration: none; }
.card-link::before { content: "→" / ""; position: absolute; left: 1rem; top: .75rem; color: var(--accent); font-weight: 700; }
.embed-card::before { content: "↗" / ""; }
.file-card::before { content: "↓" / ""; }
a.card-link:hover, a.card-link:focus-visible { border-color: var(--accent); background: var(--soft); }
.card-link-title { font-weight: 600; }
.card-link-detail { color: var(--muted); font-size: .85rem; overflow-wrap: anywhere; }
.content-ref { margin: 1rem 0; }
.content-ref-missing { border-style: dashed; color: var(--muted); }

.tabs { position: relative; display: flex; flex-wrap: wrap; margin: 1rem 0; border: 1px solid var(--line); border-radius: var(--radius, 8px); }
.tabs-radio { position: absolute; top: 0; left: 0; width: 1px; height: 1px; margin: 0; opacity: 0; pointer-events: none; }
.tabs-label { order: 0; padding: .55rem 1rem; cursor: pointer; color: var(--muted); border-bottom: 2px solid transparent; }
.tabs-label:hover { color: var(--fg); }
.tabs-panel { order: 1; flex-basis: 100%; display: none; padding: 0 1rem; border-top: 1px solid var(--line); min-width: 0; }
.tabs-radio:checked + .tabs-label { color: var(--fg); font-weight: 600; border-bottom-color: var(--accent); }
.tabs-radio:checked + .tabs-label + .tabs-panel { display: block; }
.tabs-radio:focus-visible + .tabs-label { outline: 2px solid var(--accent); outline-offset: -2px; }

.stepper { list-style: none; counter-reset: step; padding-left: 0; margin: 1.25rem 0; }
.stepper-step { counter-increment: step; position: relative; padding: 0 0 .75rem 2.75rem; }
.stepper-step::before { content: counter(step); position: absolute; left: 0; top: .05rem; width: 1.75rem; height: 1.75rem; border-radius: 50%; display: flex; align-items: center; justify-content: center; font-weight: 700; font-size: .9rem; color: var(--accent); background: var(--accent-soft); }
.stepper-step::after { content: ""; position: absolute; left: calc(.875rem - 1px); top: 2.1rem; bottom: .3rem; width: 2px; background: var(--line); }
.stepper-step:last-child::after { display: none; }
.stepper-step > :first-child { margin-top: 0; }

details.expandable { border: 1px solid var(--line); border-radius: var(--radius, 8px); margin: 1rem 0; }
details.expandable > summary { padding: .6rem 1rem; cursor: pointer; font-weight: 600; }
details.expandable[open] > summary { border-bottom: 1px solid var(--line); }
.expandable-body { padding: 0 1rem; }

.math-block { overflow-x: auto; margin: 1rem 0; text-align: center; }
.math-block math { font-size: 1.15em; }
.math-error { color: var(--danger); }

.columns { display: grid; grid-template-columns: repeat(${COLUMN_TRACKS}, minmax(0, 1fr)); margin: 1rem -.75rem; }
.column { padding: 0 .75rem; min-width: 0; }
.column > :first-child { margin-top: 0; }
.column-middle { align-self: center; }
.column-bottom { align-self: end; }
${columnRules}

${THEMED_IMAGES}
@media (max-width: 48rem) {
  .columns { display: block; margin: 1rem 0; }
  .column { padding: 0; }
}
`;
