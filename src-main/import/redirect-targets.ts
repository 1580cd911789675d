import { posix } from 'node:path';
import { cleanPath, CONFIG_FILE } from './gitbook-config';
import type { ImportedPage, ImportedRedirect } from './plan';

/**
 * `.gitbook.yaml`'s `redirects` (old address → file, relative to the content root) as the import keeps them:
 * the old address as a path of the space's site (no leading or trailing `/`), and the page the file became
 * (`guide.md`, `guide` or `guide/` for `guide/README.md`). A target no page came from (GitBook keeps
 * redirects to files that moved since) is kept as its path; one that leaves the repository is reported.
 */
export function redirectsOf(
  redirects: Record<string, string>,
  pageOf: (path: string) => ImportedPage | undefined,
  failures: string[],
): ImportedRedirect[] {
  const out: ImportedRedirect[] = [];
  for (const [from, to] of Object.entries(redirects)) {
    const source = cleanPath(from);
    const path = cleanPath(to);
    const problem = source === undefined || path === undefined ? 'it leaves the repository' : !source ? 'its old address is the top of the site' : undefined;
    if (problem || !source || path === undefined) {
      failures.push(`${CONFIG_FILE}: the redirect "${from}" → "${to}" is not kept: ${problem}`);
      continue;
    }
    const candidates = /\.(md|markdown)$/i.test(path) ? [path] : [`${path}.md`, posix.join(path, 'README.md'), path];
    const page = candidates.map(pageOf).find(Boolean);
    out.push({ source, path, ...(page ? { page } : {}) });
  }
  return out;
}
