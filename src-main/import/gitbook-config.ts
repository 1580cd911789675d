import { posix } from 'node:path';
import { asMapping, asText, readYaml } from './yaml';

/** `.gitbook.yaml` as GitBook's Git Sync reads it. Paths are '/'-separated, without `./` or a trailing '/'. */
interface GitBookConfig {
  /** The content folder, relative to the repository's top ('' for the top itself). */
  root: string;
  /** The first page, relative to `root` (default README.md). */
  readme: string;
  /** The table of contents, relative to `root` (default SUMMARY.md). */
  summary: string;
  /** Old address of the published site → file, relative to `root`: kept per space (redirect-targets.ts). */
  redirects: Record<string, string>;
}

export const CONFIG_FILE = '.gitbook.yaml';
export const DEFAULT_CONFIG: GitBookConfig = { root: '', readme: 'README.md', summary: 'SUMMARY.md', redirects: {} };

/**
 * Reads `.gitbook.yaml`. Whatever cannot be used (not YAML, a path leaving the repository) falls back
 * to GitBook's default for that key and is reported, so a bad config never sinks the import.
 */
export function readGitBookConfig(text: string): { config: GitBookConfig; problems: string[] } {
  const problems: string[] = [];
  const read = readYaml(text);
  if (!read.ok) return { config: DEFAULT_CONFIG, problems: [`${CONFIG_FILE}: not YAML (${read.reason}); GitBook's defaults used`] };
  const data = asMapping(read.value) ?? {};
  const structure = asMapping(data.structure) ?? {};
  const path = (key: string, value: unknown, fallback: string) => {
    const raw = asText(value);
    if (raw === undefined) return fallback;
    const clean = cleanPath(raw);
    if (clean === undefined) {
      problems.push(`${CONFIG_FILE}: ${key} "${raw}" leaves the repository; ${fallback || 'the top folder'} used`);
      return fallback;
    }
    return clean;
  };
  const redirects: Record<string, string> = {};
  for (const [from, to] of Object.entries(asMapping(data.redirects) ?? {})) {
    const target = asText(to);
    if (target) redirects[from] = target;
  }
  return {
    config: {
      root: path('root', data.root, ''),
      readme: path('structure.readme', structure.readme, DEFAULT_CONFIG.readme) || DEFAULT_CONFIG.readme,
      summary: path('structure.summary', structure.summary, DEFAULT_CONFIG.summary) || DEFAULT_CONFIG.summary,
      redirects,
    },
    problems,
  };
}

/** `./docs/` → `docs`, `/` → ''; undefined for a path that climbs out (`../x`). */
export function cleanPath(raw: string): string | undefined {
  const normal = posix.normalize(raw.trim().replace(/^\/+/, '') || '.').replace(/\/+$/, '');
  if (normal === '..' || normal.startsWith('../')) return undefined;
  return normal === '.' ? '' : normal;
}
