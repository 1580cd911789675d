import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { spawn } from 'node:child_process';
import { createSite, publishSite } from '../../src-main/sites/service';
import { createPage } from '../../src-main/content/pages-service';
import { fmt, fmtRatio, table, type Benchmark } from '../lib/harness';
import { openFixture } from '../lib/fixture';
import { type ServerProcess, spawnServerProcess, spawnTeamServer } from '../lib/team-server-process';

const CONNECTIONS = 10;
const WARMUP_MS = 500;
const DURATION_MS = 3_000;

/**
 * The load generator, in a process of its own so that it shares neither the server's event loop nor its CPU
 * accounting: CONNECTIONS keep-alive sockets, each sending the next GET as soon as the previous answer is read
 * (autocannon's model). It reports when counting starts and stops, so the server's CPU time is read over the same window.
 */
const LOAD_CLIENT = `
const http = require('node:http');
const { url, headers, connections, warmupMs, durationMs } = JSON.parse(process.env.LOAD);
const say = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let counting = false, done = false, count = 0, failures = 0;
function once() {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => { if (counting) { if (res.statusCode === 200) count++; else failures++; } resolve(); });
    });
    req.on('error', () => { failures++; resolve(); });
  });
}
async function loop() { while (!done) await once(); }
const loops = Array.from({ length: connections }, loop);
setTimeout(() => { counting = true; say({ started: true }); const start = performance.now();
  setTimeout(() => { counting = false; done = true; const seconds = (performance.now() - start) / 1000;
    say({ count, perSecond: count / seconds, failures });
    Promise.all(loops).then(() => agent.destroy());
  }, durationMs);
}, warmupMs);
`;

interface Load {
  perSecond: number;
  /** CPU time (user + system) of the serving process per request answered while counting. */
  cpuMicrosPerRequest: number;
}

/** Loads `url` from a child process and reads the CPU time `server` (another process) spent meanwhile. */
async function load(url: string, headers: Record<string, string>, server: Pick<ServerProcess, 'cpuMs'>): Promise<Load> {
  const child = spawn(process.execPath, ['-e', LOAD_CLIENT], {
    env: { ...process.env, LOAD: JSON.stringify({ url, headers, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let cpuAtStart = 0;
  let buffered = '';
  const result = await new Promise<{ count: number; perSecond: number; failures: number; cpuMs: number }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end)) as { started?: boolean; count: number; perSecond: number; failures: number };
        buffered = buffered.slice(end + 1);
        if (message.started) cpuAtStart = server.cpuMs();
        else resolve({ ...message, cpuMs: server.cpuMs() - cpuAtStart });
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load client exited with ${code}`)));
  });
  child.kill();
  if (result.failures) throw new Error(`${url}: ${result.failures} requests failed`);
  return { perSecond: result.perSecond, cpuMicrosPerRequest: (result.cpuMs * 1000) / result.count };
}

/** Bare node:http answering the exact status, headers and bytes Folio answered: the floor of serving them. */
const BARE_SERVER = `
const http = require('node:http');
const { body, headers } = JSON.parse(process.env.BARE);
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((_req, res) => res.writeHead(200, headers).end(bytes));
server.listen(0, '127.0.0.1', () => process.stdout.write('listening on http://127.0.0.1:' + server.address().port + '\\n'));
`;

/** The baseline, in a process of its own as Folio's server is, so both are measured the same way. */
async function bareServer(body: Buffer, headers: IncomingHttpHeaders): Promise<ServerProcess> {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value;
  return spawnServerProcess(['-e', BARE_SERVER], { BARE: JSON.stringify({ body: body.toString('base64'), headers: kept }) });
}

async function capture(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.toString().slice(0, 200)}`);
  return { body, headers: Object.fromEntries(res.headers) };
}

/**
 * Requests per second at 10 connections for GET a space, GET a page (/v1, with a token: authentication, roles,
 * presenting) and a published site's page, each against bare `node:http` answering the same bytes in the same run.
 */
const benchmark: Benchmark = {
  name: 'http',
  order: 65,
  title: 'HTTP throughput at 10 connections, against bare node:http',
  async run({ log }) {
    // The data is prepared here; the compiled server (`folio serve`, what a team runs) serves it from a process
    // of its own, so neither a loader nor this process's work is in its figures.
    const fx = openFixture();
    const rows: Array<Array<string | number>> = [];
    try {
      const spaceId = fx.newSpace('Docs');
      const pages = Array.from({ length: 20 }, (_, n) => createPage(fx.ctx, spaceId, { title: `Topic ${n}`, markdown: `# Topic ${n}\n\nHow to install, configure and run it.\n` }));
      const site = createSite(fx.ctx, fx.orgId, { title: 'Bench site', spaces: [spaceId] });
      publishSite(fx.ctx, fx.orgId, site.id);
      fx.app.close();
      const server = await spawnTeamServer(fx.dir);
      const bearer = { authorization: `Bearer ${fx.token}` };
      const targets = [
        { name: 'GET /v1/spaces/{id}', path: `/v1/spaces/${spaceId}`, headers: bearer },
        { name: 'GET /v1/spaces/{id}/content/page/{pageId}', path: `/v1/spaces/${spaceId}/content/page/${pages[10]!.pageId}?format=markdown`, headers: bearer },
        // A returning visitor (cookies set): the answer a CDN could keep.
        { name: 'GET /sites/{id}/{page} (published site)', path: `/sites/${site.id}/topic-10`, headers: { cookie: 'folio_visitor=bench-visitor; folio_session=bench-session' } },
      ];
      try {
        for (const target of targets) {
          const answer = await capture(`${server.url}${target.path}`, target.headers);
          const folio = await load(`${server.url}${target.path}`, target.headers, server);
          const bare = await bareServer(answer.body, answer.headers);
          const floor = await load(`${bare.url}${target.path}`, target.headers, bare).finally(() => bare.stop());
          log(`${target.name}: ${fmt(folio.perSecond, 0)} req/s against ${fmt(floor.perSecond, 0)} for bare node:http`);
          rows.push([
            target.name,
            `${fmt(answer.body.length / 1024, 1)} KiB`,
            fmt(folio.perSecond, 0),
            fmt(floor.perSecond, 0),
            fmtRatio(folio.perSecond / floor.perSecond),
            fmt(folio.cpuMicrosPerRequest, 0),
            fmt(floor.cpuMicrosPerRequest, 0),
            fmtRatio(floor.cpuMicrosPerRequest / folio.cpuMicrosPerRequest),
          ]);
        }
      } finally {
        await server.stop();
      }
    } finally {
      fx.close();
    }
    return {
      markdown: [
        `${CONNECTIONS} keep-alive connections from a child process, each sending its next GET when the previous answer is read, for`,
        `${DURATION_MS / 1000} s after ${WARMUP_MS} ms of warm-up. Baseline: bare \`node:http\` answering the same status, headers and bytes`,
        'Folio answered, measured right after it in the same run. Ratio = Folio ÷ bare (higher is better; the goal is ≥ 0.33×).',
        'Folio is the compiled `folio serve` and the baseline a `node -e` script, each in a process of its own; server CPU is',
        "that process's user + system time per request answered (from /proc, 10 ms ticks; the client runs in a third): on a",
        'machine busy with other work, req/s follow the CPU the server was given, CPU per request much less so; its ratio is',
        'bare ÷ Folio, comparable with the req/s ratio.',
        '',
        table(['request', 'response', 'Folio req/s', 'bare node:http req/s', 'ratio', 'Folio CPU µs/req', 'bare CPU µs/req', 'CPU ratio'], rows),
      ].join('\n'),
    };
  },
};

export default benchmark;
