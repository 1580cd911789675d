import { parseDocument } from 'yaml';

/**
 * YAML as GitBook writes it (front matter, `.gitbook.yaml`), read with the `yaml` package rather than
 * regular expressions, so that folded and literal blocks (`description: >-`), quoting and escapes
 * mean what YAML says. The core schema (no custom tags), and a low alias budget: an import reads
 * files from anyone, and a "billion laughs" of aliases would otherwise expand without bound.
 */
type YamlResult = { ok: true; value: unknown } | { ok: false; reason: string };

export function readYaml(text: string): YamlResult {
  const doc = parseDocument(text, { schema: 'core', logLevel: 'silent', uniqueKeys: false });
  if (doc.errors.length > 0) return { ok: false, reason: firstLine(doc.errors[0]!.message) };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    return { ok: false, reason: firstLine((error as Error).message) };
  }
}

/** A plain object (a YAML mapping), or undefined for anything else. */
export function asMapping(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A scalar as text: strings as they are, numbers and booleans spelled out; anything else none. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
