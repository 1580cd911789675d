import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * docs/routes.md, generated: one row per route of the API router, with GitBook's operationId, the route file,
 * the service function its handler calls, the tRPC procedures calling the same function, and a test file that
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
  /** The procedures calling the row's service (several when several do: `sites.publish`, `sites.unpublish`). */
  procedures: string[];
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

/**
 * Calls that are not the service a handler calls: guards, which check the caller or the input and throw
 * (`await assertSpecSourceFetchable(...)` before `createSpec(...)`), and the resolvers of where a read reads
 * (main content or a change request's, a change request's revision), whose answer the handler hands on to the
 * service (`contentOfTree(ctx, contentTarget(...).treeId, ...)`).
 */
const isGuard = (name: string) => /^(assert|require|check)[A-Z]/.test(name);
const resolvers = new Set(['contentTarget', 'pageOfTarget', 'currentRevisionOf']);

/**
 * The service function a piece of code (a route's handler, a procedure) calls: the first function it calls that
 * a service module exports (as this file imports it), guards and resolvers left out; a guard counts when the code
 * calls nothing else (`requireInstallation` reads the installation a GET answers). Routes and procedures are read
 * the same way: a row's procedures are those whose service is the route's.
 */
function serviceCalled(code: string, imports: Map<string, string>): string | undefined {
  const called = [...code.matchAll(/\b(\w+)\(/g)].map((match) => match[1]!).filter((name) => isServiceModule(imports.get(name) ?? ''));
  return called.find((name) => !isGuard(name) && !resolvers.has(name)) ?? called.find(isGuard);
}

/**
 * The code of a declaration of the file (`declaration` a pattern of its start): up to the next line as indented as
 * it that starts another declaration, a comment, a route or a closing brace. A helper declared inside the
 * register function (`const scope = ...`) ends there, not at the next declaration of the file.
 */
function definitionOf(source: string, declaration: string): string | undefined {
  return new RegExp(`^( *)${declaration}([\\s\\S]*?)\\n\\1(?:const|function|export|/\\*\\*|//|router\\.|\\})`, 'm').exec(source)?.[2];
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
      const definition = definitionOf(source, `const ${named[1]}\\b[^=]*=`);
      if (definition) code = definition;
    }
    // And the local helpers it calls (a handler made by a factory of the file, `backlinksRoute(...)`).
    for (const helper of code.matchAll(/\b(\w+)(?:<[^>]*>)?\(/g)) {
      const local = definitionOf(source, `(?:function ${helper[1]}\\b|const ${helper[1]}\\b[^=]*=)`);
      if (local) code += local;
    }
    return { method: call[1]!.toUpperCase(), path: call[2]!, spec: call[3]!, code };
  });
}

/**
 * Each procedure of the app's router by its path, routers nested in a router's file included
 * (`sites.sectionGroups.add`), with the service function it calls.
 */
function procedureServices(): Array<{ procedure: string; service: string }> {
  const found: Array<{ procedure: string; service: string }> = [];
  const walk = (file: string, routerName: string, prefix: string) => {
    const source = read(file);
    const imports = importsOf(source);
    const start = source.search(new RegExp(`const ${routerName} = router\\(\\{`));
    const block = source.slice(start, source.indexOf('\n});', start));
    const entries = [...block.matchAll(/^ {2}(\w+): (?:(?:procedure|liveProcedure)\b|(\w+Router),$)/gm)];
    entries.forEach((entry, i) => {
      const path = `${prefix}.${entry[1]}`;
      if (entry[2]) return walk(file, entry[2], path);
      const service = serviceCalled(block.slice(entry.index, entries[i + 1]?.index ?? block.length), imports);
      if (service) found.push({ procedure: path, service });
    });
  };
  const routerSource = read('src-main/trpc/router.ts');
  const routerImports = importsOf(routerSource);
  for (const match of routerSource.matchAll(/^\s+(\w+): (\w+Router),$/gm)) {
    const module = routerImports.get(match[2]!);
    if (module) walk(`src-main/trpc/${module.replace('./', '')}.ts`, match[2]!, match[1]!);
  }
  return found;
}

/** Service function → the tRPC procedures (`resource.procedure`) that call it, in the router's order. */
function proceduresByService(): Map<string, string[]> {
  const byService = new Map<string, string[]>();
  for (const { procedure, service } of procedureServices()) byService.set(service, [...(byService.get(service) ?? []), procedure]);
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
        procedures: service ? (procedures.get(service) ?? []) : [],
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
    'of its query and body, from `src-shared/schemas`), the service function its handler calls, the tRPC procedures',
    'calling the same function (the app), and a test file calling the path. A dash: none.',
    '',
    '| Method | Path | GitBook operation | Route file | Effect | Input | Service | tRPC | Test |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) =>
      `| ${row.method} | ${code(row.path)} | ${cell(row.operationId)} | ${code(row.file)} | ${row.effect} | ${code(row.input)} | ${code(row.service)} | ${row.procedures.map(code).join(', ') || '—'} | ${code(row.test)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

if (process.argv.includes('--write')) {
  writeFileSync(join(root, 'docs/routes.md'), routeIndexMarkdown());
  console.log(`docs/routes.md: ${relative(root, join(root, 'docs/routes.md'))} written`);
}
