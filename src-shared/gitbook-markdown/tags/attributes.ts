/**
 * GitBook's template tags, `{% name key="value" other='v' flag=true %}`, read by a small tokenizer
 * rather than one regular expression per tag: a tag is a name, then attributes, each a key, `=` and a
 * value that is double-quoted, single-quoted or bare (GitBook's old API blocks write `required=false`).
 * Anything else inside the braces (`{% if a > b %}`, Liquid) makes it no attribute list: such tags are
 * not GitBook blocks and stay text.
 */

export interface TemplateTag {
  /** As written, `end` prefix included (`endhint`); integration blocks start with `@`. */
  name: string;
  attributes: Record<string, string>;
  /** The keys in the order written. */
  keys: string[];
}

const NAME = /[A-Za-z@][\w@/.:-]*/y;
const KEY = /[A-Za-z_][\w-]*/y;
const BARE = /[^\s"'%}]+/y;
const SPACE = /\s*/y;

/**
 * The tag `text` consists of (leading and trailing whitespace allowed), or undefined when `text` is
 * not exactly one well-formed tag. `{%-` and `-%}` (whitespace control) are read as `{%` and `%}`.
 */
export function readTag(text: string): TemplateTag | undefined {
  const source = text.trim();
  if (!source.startsWith('{%') || !source.endsWith('%}')) return undefined;
  const inner = source.slice(2, -2).replace(/^-/, '').replace(/-$/, '');
  let pos = 0;
  const skip = () => {
    SPACE.lastIndex = pos;
    SPACE.exec(inner);
    pos = SPACE.lastIndex;
  };
  const take = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = pos;
    const match = pattern.exec(inner);
    if (!match) return undefined;
    pos = pattern.lastIndex;
    return match[0];
  };
  skip();
  const name = take(NAME);
  if (!name) return undefined;
  const attributes: Record<string, string> = {};
  const keys: string[] = [];
  for (;;) {
    const before = pos;
    skip();
    if (pos >= inner.length) break;
    // Attributes are apart from the name and from each other.
    if (pos === before) return undefined;
    const key = take(KEY);
    if (!key) return undefined;
    skip();
    if (inner[pos] !== '=') return undefined;
    pos += 1;
    skip();
    const value = readValue();
    if (value === undefined) return undefined;
    if (!(key in attributes)) keys.push(key);
    attributes[key] = value;
  }
  return { name, attributes, keys };

  function readValue(): string | undefined {
    const quote = inner[pos];
    if (quote !== '"' && quote !== "'") return take(BARE);
    const end = inner.indexOf(quote, pos + 1);
    if (end < 0) return undefined;
    const value = inner.slice(pos + 1, end);
    pos = end + 1;
    return unescapeValue(value);
  }
}

/**
 * Quotes inside a value are written as `&quot;`, as in HTML attributes. `&amp;` is read too (Folio's
 * OpenAPI operation tags escape `&`), but a bare `&` is written as it is: GitBook writes URLs unescaped.
 */
const unescapeValue = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const escapeValue = (value: string) => value.replaceAll('"', '&quot;');

/** A tag as GitBook writes it: `{% name key="value" %}`, attributes in the order given, undefined ones left out. */
export function writeTag(name: string, attributes: ReadonlyArray<readonly [string, string | number | boolean | undefined]> = []): string {
  const written = attributes.filter(([, value]) => value !== undefined).map(([key, value]) => ` ${key}="${escapeValue(String(value))}"`);
  return `{% ${name}${written.join('')} %}`;
}
