import { BLOCK_CSS } from './block-css';
import { COVER_POSITION_CSS } from './page-cover';

/** The dark palette: the visitor's system's choice, or the site's when readers may not switch (themes.toggeable). */
const DARK = `
    --bg: #14171d; --fg: #e6e9ef; --muted: #9aa3b2; --line: #2a2f3a; --soft: #1b1f27;
    --accent: #8aa8ff; --accent-soft: #1f2a48; --code-bg: #1b1f27;
    --info: #8aa8ff; --success: #5fcf8f; --warning: #f0b35a; --danger: #f08080;
    --tok-keyword: #c678dd; --tok-string: #98c379; --tok-number: #d19a66; --tok-comment: #7f8896; --tok-title: #61afef; --tok-attr: #e5c07b;
`;

/**
 * The published site's one stylesheet (served at /sites/~static/site.css). Light and dark follow the visitor's
 * system; code colours are highlight.js class names. The site runs no script: navigation and search are links
 * and a form.
 */
export const SITE_CSS = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1d2330; --muted: #5b6474; --line: #e3e6ec; --soft: #f5f7fa;
  --accent: #3158d4; --accent-soft: #e9eefc; --code-bg: #f3f5f8;
  --info: #3158d4; --success: #1f8a4c; --warning: #b26b00; --danger: #c63a3a;
  --tok-keyword: #a626a4; --tok-string: #50a14f; --tok-number: #986801; --tok-comment: #7d8590; --tok-title: #4078f2; --tok-attr: #c18401;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root:not(.theme-light) {${DARK}  }
}
:root.theme-dark {${DARK}  color-scheme: dark;
}
:root.theme-light { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.6; }
a { color: var(--accent); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; z-index: 1; }
.site-header { display: flex; align-items: center; gap: 1.5rem; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); }
.site-title { font-weight: 700; font-size: 1.1rem; color: var(--fg); text-decoration: none; }
.site-logo { display: block; max-height: 2rem; max-width: 12rem; }
.site-logo-dark { display: none; }
@media (prefers-color-scheme: dark) {
  :root:not(.theme-light) .site-logo-light:has(+ .site-logo-dark) { display: none; }
  :root:not(.theme-light) .site-logo-dark { display: block; }
}
:root.theme-dark .site-logo-light:has(+ .site-logo-dark) { display: none; }
:root.theme-dark .site-logo-dark { display: block; }
.site-search { margin-left: auto; }
.site-search input { width: min(22rem, 50vw); padding: .45rem .75rem; border: 1px solid var(--line); border-radius: var(--radius, 8px); background: var(--soft); color: var(--fg); font: inherit; }
.site-search input:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
.site-sections { border-bottom: 1px solid var(--line); padding: 0 1.5rem; }
.site-sections ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
.site-sections a { display: inline-block; padding: .6rem 0; color: var(--muted); text-decoration: none; border-bottom: 2px solid transparent; }
.site-sections a[aria-current] { color: var(--fg); border-bottom-color: var(--accent); }
.section-group { display: flex; align-items: center; gap: .75rem; }
.section-group > span { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.section-group ul { display: flex; gap: 1rem; }
.site-body { display: grid; grid-template-columns: 17rem minmax(0, 1fr); max-width: 80rem; margin: 0 auto; }
.site-nav { padding: 1.25rem 1rem; border-right: 1px solid var(--line); min-height: calc(100vh - 4rem); }
.site-nav ul { list-style: none; margin: 0; padding: 0; }
.nav-pages .depth-1 { padding-left: .9rem; } .nav-pages .depth-2 { padding-left: 1.8rem; } .nav-pages .depth-3 { padding-left: 2.7rem; }
.nav-pages .depth-4 { padding-left: 3.6rem; } .nav-pages .depth-5 { padding-left: 4.5rem; } .nav-pages .depth-6 { padding-left: 5.4rem; }
.nav-pages a { display: block; padding: .25rem .5rem; border-radius: 6px; color: var(--fg); text-decoration: none; }
.nav-pages a:hover { background: var(--soft); }
.nav-pages a[aria-current] { background: var(--accent-soft); color: var(--accent); font-weight: 600; }
.nav-folded > a::after { content: " ›"; color: var(--muted); }
.nav-group { margin-top: 1rem; padding: .25rem .5rem; font-size: .8rem; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.site-variants { margin-bottom: 1rem; }
.nav-label { display: block; font-size: .8rem; color: var(--muted); margin-bottom: .25rem; }
.site-variants ul { display: flex; flex-wrap: wrap; gap: .25rem; }
.site-variants a { display: inline-block; padding: .15rem .6rem; border: 1px solid var(--line); border-radius: 999px; text-decoration: none; color: var(--fg); font-size: .9rem; }
.site-variants a[aria-current] { border-color: var(--accent); color: var(--accent); }
.site-main { padding: 2rem 3rem 4rem; min-width: 0; }
.page h1 { margin-top: 0; font-size: 2rem; line-height: 1.25; }
.page-description { color: var(--muted); font-size: 1.1rem; margin-top: -.5rem; }
.page-cover { display: block; width: 100%; height: 14rem; object-fit: cover; border-radius: 12px; margin: 0 0 1.5rem; }
.markdown img { max-width: 100%; height: auto; }
.markdown pre { background: var(--code-bg); padding: 1rem; border-radius: var(--radius, 8px); overflow-x: auto; font-size: .9rem; line-height: 1.5; }
.markdown code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.markdown :not(pre) > code { background: var(--code-bg); padding: .1rem .3rem; border-radius: 4px; font-size: .9em; }
.markdown table { border-collapse: collapse; }
.markdown th, .markdown td { border: 1px solid var(--line); padding: .4rem .6rem; }
.markdown blockquote { margin: 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
.hint { border-left: 4px solid var(--info); background: var(--soft); padding: .25rem 1rem; border-radius: 6px; margin: 1rem 0; }
.hint-success { border-left-color: var(--success); }
.hint-warning { border-left-color: var(--warning); }
.hint-danger { border-left-color: var(--danger); }
.hljs-keyword, .hljs-selector-tag, .hljs-built_in { color: var(--tok-keyword); }
.hljs-string, .hljs-regexp, .hljs-addition { color: var(--tok-string); }
.hljs-number, .hljs-literal { color: var(--tok-number); }
.hljs-comment, .hljs-quote { color: var(--tok-comment); font-style: italic; }
.hljs-title, .hljs-section, .hljs-function { color: var(--tok-title); }
.hljs-attr, .hljs-attribute, .hljs-variable, .hljs-type, .hljs-property { color: var(--tok-attr); }
.hljs-deletion { color: var(--danger); }
.openapi-operation { border: 1px solid var(--line); border-radius: var(--radius, 8px); padding: .25rem 1rem 1rem; margin: 1.5rem 0; }
.openapi-operation header { display: flex; align-items: center; gap: .6rem; margin: .75rem 0; }
.openapi-method { font-weight: 700; font-size: .8rem; padding: .15rem .5rem; border-radius: 4px; background: var(--accent-soft); color: var(--accent); }
.openapi-method-post { background: color-mix(in srgb, var(--success) 15%, transparent); color: var(--success); }
.openapi-method-put, .openapi-method-patch { background: color-mix(in srgb, var(--warning) 15%, transparent); color: var(--warning); }
.openapi-method-delete { background: color-mix(in srgb, var(--danger) 15%, transparent); color: var(--danger); }
.openapi-path { font-size: 1rem; }
.openapi-deprecated { color: var(--danger); font-size: .8rem; }
.openapi-operation h4 { margin: 1rem 0 .4rem; }
.openapi-parameters { border-collapse: collapse; width: 100%; font-size: .9rem; }
.openapi-parameters th, .openapi-parameters td { border: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
.openapi-responses { padding-left: 1.25rem; }
.openapi-content-type { margin: .4rem 0 .2rem; font-size: .85rem; color: var(--muted); }
.openapi-missing p { color: var(--muted); }
.pager { display: flex; justify-content: space-between; gap: 1rem; margin-top: 3rem; }
.pager a { display: flex; flex-direction: column; padding: .75rem 1rem; border: 1px solid var(--line); border-radius: var(--radius, 8px); text-decoration: none; color: var(--fg); min-width: 12rem; }
.pager a span { font-size: .8rem; color: var(--muted); }
.pager-next { text-align: right; margin-left: auto; }
.search-results { padding-left: 1.25rem; }
.search-results li { margin-bottom: 1rem; }
.search-results p { margin: .25rem 0 0; color: var(--muted); }
.search-section { color: var(--muted); font-weight: normal; }
.message-page main { max-width: 36rem; margin: 15vh auto; padding: 0 1.5rem; }
.button { display: inline-block; padding: .5rem 1rem; border-radius: var(--radius, 8px); background: var(--accent); color: var(--bg); text-decoration: none; }
.announcement { padding: .55rem 1.5rem; text-align: center; background: color-mix(in srgb, var(--info) 14%, var(--bg)); border-bottom: 1px solid var(--line); }
.announcement-success { background: color-mix(in srgb, var(--success) 14%, var(--bg)); }
.announcement-warning { background: color-mix(in srgb, var(--warning) 16%, var(--bg)); }
.announcement-danger { background: color-mix(in srgb, var(--danger) 14%, var(--bg)); }
.header-links ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
.header-links li { position: relative; }
.header-links li ul { display: none; }
.header-links a { color: var(--fg); text-decoration: none; }
.header-links .header-button-primary { background: var(--accent); color: var(--bg); padding: .35rem .8rem; border-radius: var(--radius, 8px); }
.header-links .header-button-secondary { border: 1px solid var(--line); padding: .35rem .8rem; border-radius: var(--radius, 8px); }
.site-footer { border-top: 1px solid var(--line); padding: 2rem 1.5rem; color: var(--muted); }
.footer-groups { display: flex; flex-wrap: wrap; gap: 2rem 4rem; max-width: 80rem; margin: 0 auto 1rem; }
.footer-group h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .04em; margin: 0 0 .5rem; color: var(--fg); }
.footer-group ul { list-style: none; margin: 0; padding: 0; }
.footer-copyright { max-width: 80rem; margin: 0 auto; font-size: .9rem; }
@media (max-width: 48rem) {
  .site-body { grid-template-columns: 1fr; }
  .site-nav { border-right: 0; border-bottom: 1px solid var(--line); min-height: 0; }
  .site-main { padding: 1.5rem 1.25rem 3rem; }
}
${BLOCK_CSS}
${COVER_POSITION_CSS}
`;
