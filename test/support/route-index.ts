import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/routes.md, generated: one row per route of the API router, with GitBook's operationId, the route file,
 * the service function its handler calls, the tRPC procedure calling the same function, and a test file that
 * calls the path. Everything is read from the sources, which write their paths literally; the drift test
 * (test/docs/route-index.test.ts) fails when the page and the code disagree. Regenerate with
 * `npm run docs:routes`.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

export interface RouteRow {
  method: string;
  path: string;
  operationId: string;
  file: string;
  /** What the registration declares: `read` or `write`, and the schemas of its query and body. */
  effect: string;
  input: string;
  service: string;
  procedure: string;
  test: string;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  // Sorted: directory order differs between file systems, and the page must not.
  const entries = readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** Names a module imports, by local name → the module's path as written. */
function importsOf(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!.trim();
      if (name) names.set(name, match[2]!);
    }
  }
  return names;
}

/** A module of rules (a service, the permissions' handlers, the invitee's side): not schemas, presenters or HTTP helpers. */
const isServiceModule = (path: string) =>
  path.startsWith('.') && !/(presenter|schemas|\/http\/|validate|params|errors|\/store\/|access|presenters?$)/.test(path);

/** The first function a piece of code calls that a service module exports (as this file imports it). */
function serviceCalled(code: string, imports: Map<string, string>): string | undefined {
  for (const match of code.matchAll(/\b(\w+)\(/g)) {
    const from = imports.get(match[1]!);
    if (from && isServiceModule(from)) return match[1];
  }
  return undefined;
}

/** Each `router.<method>('<path>', { spec }, handler)` of a route file, with its spec and the code of its handler. */
function routesOf(file: string): Array<{ method: string; path: string; spec: string; code: string }> {
  const source = read(file);
  const calls = [...source.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)',\s*\{([^}]*)\},\s*/g)];
  return calls.map((call, i) => {
    const end = calls[i + 1]?.index ?? source.length;
    let code = source.slice(call.index! + call[0].length, end);
    // A handler named here is a constant of the file: its code is its definition.
    const named = /^(\w+)(\(|\))/.exec(code);
    if (named) {
      const definition = new RegExp(`const ${named[1]}\\b[^=]*=([\\s\\S]*?)\\n(?:const|function|export|/\\*\\*|//)`).exec(source);
      if (definition) code = definition[1]!;
    }
    // And the local helpers it calls (a handler made by a factory of the file, `backlinksRoute(...)`).
    for (const helper of code.matchAll(/\b(\w+)(?:<[^>]*>)?\(/g)) {
      const local = new RegExp(`(?:function ${helper[1]}\\b|const ${helper[1]}\\b[^=]*=)([\\s\\S]*?)\\n(?:const|function|export|/\\*\\*|//)`).exec(source);
      if (local) code += local[1]!;
    }
    return { method: call[1]!.toUpperCase(), path: call[2]!, spec: call[3]!, code };
  });
}

/** Service function → the tRPC procedures (`resource.procedure`) that call it. */
function proceduresByService(): Map<string, string> {
  const routerSource = read('src-main/trpc/router.ts');
  const routerImports = importsOf(routerSource);
  const keys = new Map<string, string>();
  for (const match of routerSource.matchAll(/^\s+(\w+): (\w+Router),$/gm)) {
    const module = routerImports.get(match[2]!);
    if (module) keys.set(`src-main/trpc/${module.replace('./', '')}.ts`, match[1]!);
  }
  const byService = new Map<string, string>();
  for (const [file, key] of keys) {
    const source = read(file);
    const imports = importsOf(source);
    const procedures = [...source.matchAll(/^ {2}(\w+): (?:procedure|liveProcedure)\b/gm)];
    procedures.forEach((procedure, i) => {
      const code = source.slice(procedure.index!, procedures[i + 1]?.index ?? source.length);
      for (const match of code.matchAll(/\b(\w+)\(/g)) {
        const from = imports.get(match[1]!);
        if (from && isServiceModule(from) && !byService.has(match[1]!)) byService.set(match[1]!, `${key}.${procedure[1]}`);
      }
    });
  }
  return byService;
}

interface Spec {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

function operationIds(): Map<string, string> {
  const specs = [
    read('node_modules/@gitbook/api/spec/openapi.json'),
    read('node_modules/gitbook-api-137/spec/openapi.json'),
    read('docs/folio-extensions.openapi.json'),
  ].map((text) => JSON.parse(text) as Spec);
  const ids = new Map<string, string>();
  specs.forEach((spec, i) => {
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${shape(`/v1${path}`)}`;
        if (operation.operationId && !ids.has(key)) ids.set(key, i === 2 ? `Folio: ${operation.operationId}` : operation.operationId);
      }
    }
  });
  return ids;
}

/** A path with its parameters unnamed: specs and routes name them differently (`{pagePath+}`). */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '') || '/';

/** The test files, and a pattern finding a route's path in one (`${id}` or a literal where a parameter is). */
function testFinder(): (route: { path: string; file: string }) => string {
  const tests = filesUnder('test', (name) => name.endsWith('.test.ts')).map((file) => ({ file, source: read(file) }));
  return (route) => {
    const pattern = new RegExp(
      `${route.path
        .replace(/\/$/, '')
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('(?:\\$\\{[^}]+\\}|[\\w.~%-]+)')}(?![\\w/{$-])`,
    );
    const folder = route.file.split('/')[1];
    const found = tests.filter((test) => pattern.test(test.source));
    const best = found.find((test) => test.file.startsWith(`test/${folder}/`)) ?? found[0];
    if (best) return best.file;
    // Tests mirror the source tree: else the test of the route file's own name (`site-installation-routes.ts` →
    // `site-installations.test.ts`) in the resource's folder.
    const stem = route.file.split('/').pop()!.replace(/(-?routes)?\.ts$/, '') || folder!;
    const mirror = tests.find((test) => test.file.startsWith(`test/${folder}/${stem}`));
    return mirror?.file ?? '';
  };
}

export function routeRows(): RouteRow[] {
  const procedures = proceduresByService();
  const ids = operationIds();
  const findTest = testFinder();
  const files = filesUnder('src-main', (name) => /(^|-)routes\.ts$/.test(name));
  const rows: RouteRow[] = [];
  for (const file of files) {
    const imports = importsOf(read(file));
    for (const route of routesOf(file)) {
      const service = serviceCalled(route.code, imports) ?? '';
      const declared = (key: string) => new RegExp(`\\b${key}: (\\w+)`).exec(route.spec)?.[1];
      rows.push({
        method: route.method,
        path: route.path,
        operationId: ids.get(`${route.method} ${shape(route.path)}`) ?? '',
        file,
        effect: /effect: '(\w+)'/.exec(route.spec)?.[1] ?? '',
        input: (['query', 'body'] as const).flatMap((key) => (declared(key) ? [`${key}: ${declared(key)}`] : [])).join(', '),
        service,
        procedure: service ? (procedures.get(service) ?? '') : '',
        test: findTest({ path: route.path, file }),
      });
    }
  }
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return rows.sort((a, b) => (a.path === b.path ? order.indexOf(a.method) - order.indexOf(b.method) : a.path < b.path ? -1 : 1));
}

const cell = (text: string) => (text ? text.replace(/\|/g, '\\|') : '—');
const code = (text: string) => (text ? `\`${text}\`` : '—');

export function routeIndexMarkdown(rows: RouteRow[] = routeRows()): string {
  const lines = [
    '# Routes',
    '',
    '<!-- Generated by test/support/route-index.ts (npm run docs:routes); test/docs/route-index.test.ts fails when it drifts. -->',
    '',
    "Every route of Folio's HTTP API, by path: GitBook's operation (from `@gitbook/api` 0.202.0, else 0.137.0, else",
    "Folio's own extensions), the route file, what its registration declares (`read` or `write`, and the schemas",
    'of its query and body, from `src-shared/schemas`), the service function its handler calls, the tRPC procedure',
    'calling the same function (the app), and a test file calling the path. A dash: none.',
    '',
    '| Method | Path | GitBook operation | Route file | Effect | Input | Service | tRPC | Test |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) =>
      `| ${row.method} | ${code(row.path)} | ${cell(row.operationId)} | ${code(row.file)} | ${row.effect} | ${code(row.input)} | ${code(row.service)} | ${code(row.procedure)} | ${code(row.test)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

if (process.argv.includes('--write')) {
  writeFileSync(join(root, 'docs/routes.md'), routeIndexMarkdown());
  console.log(`docs/routes.md: ${relative(root, join(root, 'docs/routes.md'))} written`);
}
