import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The two real GitBook Git Sync repositories of the shared test data (see its README). */
export const CORPUS = '/work/shared/data/gitbook-corpus';
export const REPOSITORIES = ['BeefreeSDK-beefree-sdk-docs', 'MirrorNetworking-MirrorDocs'] as const;

/** Every markdown file under a folder, at any depth. */
export function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '.git' ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** Text leaves of a document outside code blocks and code marks (what a reader sees as prose). */
export function proseLeaves(value: unknown, inCode = false): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => proseLeaves(v, inCode));
  if (!value || typeof value !== 'object') return [];
  const node = value as Record<string, unknown>;
  if (node.object === 'leaf') {
    const code = (node.marks as Array<{ type: string }>).some((m) => m.type === 'code');
    return inCode || code ? [] : [String(node.text)];
  }
  const code = inCode || node.type === 'code';
  return [...proseLeaves(node.nodes, code), ...proseLeaves(node.leaves, code), ...proseLeaves(node.fragments, code)];
}
