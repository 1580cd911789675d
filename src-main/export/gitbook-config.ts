import { dump } from 'js-yaml';

/**
 * `.gitbook.yaml` for an export, or none. The repository an export writes has its content at the top
 * and GitBook's README.md and SUMMARY.md, so only a space's redirects (old addresses kept from an
 * imported `.gitbook.yaml`) need the file; it is then written as GitBook's documentation shows it:
 * `root: ./`, a blank line, `redirects:` with each old address and the file it leads to.
 */
export function gitbookConfigText(redirects: Array<{ source: string; target: string }>): string | undefined {
  if (redirects.length === 0) return undefined;
  const map: Record<string, string> = {};
  for (const { source, target } of redirects) map[source] = target;
  return `root: ./\n\n${dump({ redirects: map }, { lineWidth: -1 })}`;
}
