import { type FrontMatterOptions, readPageOptions } from './page-options';
import { asMapping, asText, readYaml } from './yaml';

/** What Folio takes from a page's front matter (GitBook's keys). */
interface FrontMatterFields extends FrontMatterOptions {
  title?: string;
  description?: string;
  hidden?: boolean;
  /** `icon` when it is an emoji, as GitBook's API spells one: code points in hex (`1f680`). */
  emoji?: string;
  /** `icon` when it is not an emoji: a name from GitBook's icon set (`book-open`), kept as given. */
  icon?: string;
}

interface FrontMatter {
  /** The page without its front matter block (the whole source when it has none or it is not YAML). */
  body: string;
  fields: FrontMatterFields;
  /** Why a `---` block at the top was not read as front matter (it then stays in the body, as text). */
  problem?: string;
}

// The block GitBook writes: `---` on the first line, YAML, `---` on a line of its own.
const BLOCK = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a page's front matter from its body and reads GitBook's keys with a YAML parser, so a
 * folded or literal `description: >-` is its text, not `>-`. A block that is not a YAML mapping is
 * left in the body as it was: GitBook shows such a block as text too, and nothing is lost.
 * `layout`, `cover`, `coverY` and `metadata` are page options (page-options.ts); `vars` is not read.
 */
export function splitFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, '');
  const block = BLOCK.exec(text);
  if (!block) return { body: text, fields: {} };
  const yaml = block[1] ?? '';
  const read = yaml.trim() ? readYaml(yaml) : { ok: true as const, value: {} };
  if (!read.ok) return { body: text, fields: {}, problem: `its front matter is not YAML (${read.reason}); kept as text` };
  const data = asMapping(read.value ?? {});
  if (!data) return { body: text, fields: {}, problem: 'its front matter is not a YAML mapping; kept as text' };
  return { body: text.slice(block[0].length), fields: fieldsOf(data) };
}

function fieldsOf(data: Record<string, unknown>): FrontMatterFields {
  const fields: FrontMatterFields = readPageOptions(data);
  const title = asText(data.title)?.trim();
  if (title) fields.title = title;
  const description = asText(data.description)?.trim();
  if (description) fields.description = description;
  if (data.hidden === true || (typeof data.hidden === 'string' && data.hidden.trim().toLowerCase() === 'true')) fields.hidden = true;
  const icon = asText(data.icon)?.trim();
  if (icon) {
    const code = emojiCode(icon);
    if (code) fields.emoji = code;
    else fields.icon = icon;
  }
  return fields;
}

// One emoji, possibly joined (ZWJ), modified (skin tones), a flag or a keycap.
const EMOJI_SEQUENCE = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[#*0-9])+$/u;
const EMOJI_BASE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** An emoji as GitBook's API spells it (`1f44d-1f3fb`), variation selectors left out; else undefined. */
export function emojiCode(text: string): string | undefined {
  if (!EMOJI_SEQUENCE.test(text) || !EMOJI_BASE.test(text)) return undefined;
  return [...text]
    .map((char) => char.codePointAt(0)!)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16))
    .join('-');
}
