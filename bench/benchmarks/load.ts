import { Agent, request } from 'node:http';
import { createPage } from '../../src-main/content/pages-service';
import { createSite, publishSite } from '../../src-main/sites/service';
import { fmt, nowMs, stats, table, type Benchmark } from '../lib/harness';
import { openFixture } from '../lib/fixture';
import { SimulatedWorkstation } from '../lib/simulated-workstation';
import { spawnTeamServer, type ServerProcess } from '../lib/team-server-process';

/**
 * The team server's capacity (issue 17): WORKSTATIONS simulated workstations on the live channel, each with two
 * pages open (one it types into, shared with another workstation, and one it reads) and presence on, typing
 * at a total rate raised stage by stage, while READERS keep reading a published page. The server is
 * `folio serve` (compiled) in a process of its own; this process is the load. Where it saturates: the first
 * stage that commits less than 90% of what was typed, or whose p99 commit time passes 250 ms.
 */
const WORKSTATIONS = 200;
const PAGES = 100;
/** Published-page reads a second, at a steady rate whatever the answers' pace (a CDN in front would take most). */
const READS_PER_SECOND = 50;
const RATES = [100, 200, 400, 800, 1600, 3200];
const STAGE_MS = 5_000;
const SETTLE_MS = 1_000;
const IDLE_MS = 32_000;
const SATURATED_P99_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Readers of a published page: READS_PER_SECOND requests a second on keep-alive connections, open-loop. */
function siteReaders(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  let running = true;
  const latencies: number[] = [];
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = nowMs();
      const req = request(url, { agent, headers: { cookie: 'folio_visitor=load-visitor' } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(nowMs() - start);
          else failures += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end();
    });
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (!running) return;
    const read = once();
    inFlight.add(read);
    void read.then(() => inFlight.delete(read));
  }, 1000 / READS_PER_SECOND);
  return {
    /** Latencies since the last take, and failures. */
    take: () => ({ latencies: latencies.splice(0), failures }),
    stop: async () => {
      running = false;
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
    },
  };
}

interface Stage {
  offered: number;
  committed: number;
  ackP50: number;
  ackP99: number;
  reads: number;
  readP99: number;
  cpu: number;
  /** This process's CPU (the load generator) over the stage, %: near 100, it is the generator that saturates. */
  loadCpu: number;
  rss: number;
}

/** Types at `rate` keystrokes a second in total, spread over every workstation, for STAGE_MS. */
async function runStage(server: ServerProcess, workstations: SimulatedWorkstation[], typed: string[], rate: number, readers: ReturnType<typeof siteReaders>): Promise<Stage> {
  const interval = (WORKSTATIONS / rate) * 1000;
  let keystroke = 0;
  const timers = workstations.map((workstation, i) =>
    setTimeout(function tick() {
      workstation.type(typed[i]!, (keystroke += 1));
      timers[i] = setTimeout(tick, interval);
    }, Math.random() * interval),
  );
  await sleep(SETTLE_MS);
  for (const workstation of workstations) workstation.ackMs.length = 0;
  readers.take();
  const cpuStart = server.cpuMs();
  const loadCpuStart = process.cpuUsage();
  const start = nowMs();
  await sleep(STAGE_MS);
  const seconds = (nowMs() - start) / 1000;
  const cpu = (server.cpuMs() - cpuStart) / 10 / seconds;
  const used = process.cpuUsage(loadCpuStart);
  const loadCpu = (used.user + used.system) / 10_000 / seconds;
  for (const timer of timers) clearTimeout(timer);
  const acks = workstations.flatMap((workstation) => workstation.ackMs);
  const reads = readers.take();
  const ack = acks.length > 0 ? stats(acks) : undefined;
  const read = reads.latencies.length > 0 ? stats(reads.latencies) : undefined;
  // Let what is in flight land before the next stage.
  const deadline = nowMs() + 30_000;
  while (workstations.some((workstation) => workstation.unacknowledged > 0) && nowMs() < deadline) await sleep(20);
  return {
    offered: rate,
    committed: acks.length / seconds,
    ackP50: ack?.median ?? Number.NaN,
    ackP99: ack ? percentile(acks, 0.99) : Number.NaN,
    reads: reads.latencies.length / seconds,
    readP99: read ? percentile(reads.latencies, 0.99) : Number.NaN,
    cpu,
    loadCpu,
    rss: server.rssMiB(),
  };
}

function percentile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const benchmark: Benchmark = {
  name: 'load',
  order: 6,
  title: `The team server's capacity: ${WORKSTATIONS} workstations on the live channel and published-site readers`,
  async run({ log }) {
    // The data: one space of PAGES pages and a published site, prepared here, then served by its own process.
    const fx = openFixture();
    const spaceId = fx.newSpace('Team docs');
    const pageIds = Array.from({ length: PAGES }, (_, n) => createPage(fx.ctx, spaceId, { title: `Topic ${n}`, markdown: `# Topic ${n}\n\nHow to install, configure and run it.\n` }).pageId);
    const site = createSite(fx.ctx, fx.orgId, { title: 'Team site', spaces: [spaceId] });
    publishSite(fx.ctx, fx.orgId, site.id);
    fx.app.close();
    const server = await spawnTeamServer(fx.dir);
    const rssIdle = server.rssMiB();
    const workstations: SimulatedWorkstation[] = [];
    const readers = siteReaders(`${server.url}/sites/${site.id}/topic-10`);
    try {
      const docOf = (n: number) => `body:${spaceId}:${pageIds[n % PAGES]}`;
      const typed: string[] = [];
      for (let i = 0; i < WORKSTATIONS; i += 1) {
        const workstation = new SimulatedWorkstation(server.url, fx.token, `ws-${i}`);
        typed.push(docOf(i));
        workstation.open(docOf(i), { user: { name: `Writer ${i}`, color: '#36c' } });
        workstation.open(docOf(i + 37), { user: { name: `Writer ${i}`, color: '#36c' } });
        workstations.push(workstation);
      }
      const deadline = nowMs() + 60_000;
      while (!workstations.every((workstation) => workstation.ready)) {
        if (nowMs() > deadline) throw new Error('the workstations did not all open their pages');
        await sleep(20);
      }
      const rssConnected = server.rssMiB();
      log(`${WORKSTATIONS} workstations connected, ${WORKSTATIONS * 2} pages open; server RSS ${fmt(rssConnected, 0)} MiB`);

      const stages: Stage[] = [];
      let saturatedAt: number | undefined;
      for (const rate of RATES) {
        const stage = await runStage(server, workstations, typed, rate, readers);
        stages.push(stage);
        log(`${rate}/s offered: ${fmt(stage.committed, 0)}/s committed, ack p50 ${fmt(stage.ackP50)} ms p99 ${fmt(stage.ackP99)} ms, ` +
          `${fmt(stage.reads, 0)} site reads/s (p99 ${fmt(stage.readP99)} ms), server CPU ${fmt(stage.cpu, 0)}%, load CPU ${fmt(stage.loadCpu, 0)}%, RSS ${fmt(stage.rss, 0)} MiB`);
        if (stage.committed < 0.9 * rate || stage.ackP99 > SATURATED_P99_MS) {
          saturatedAt = rate;
          break;
        }
      }

      // Idle: everyone connected with pages open and presence on, nobody typing; readers stopped.
      await readers.stop();
      await sleep(2_000);
      const before = workstations.reduce((sum, w) => sum + w.traffic.sent + w.traffic.received, 0);
      const idleStart = nowMs();
      const cpuIdle = server.cpuMs();
      await sleep(IDLE_MS);
      const idleMinutes = (nowMs() - idleStart) / 60_000;
      const idleBytes = workstations.reduce((sum, w) => sum + w.traffic.sent + w.traffic.received, 0) - before;
      const idleCpu = (server.cpuMs() - cpuIdle) / 10 / (idleMinutes * 60);

      // Every page reads on the server as on both workstations typing into it.
      let checked = 0;
      for (let n = 0; n < PAGES; n += 1) {
        const answer = await fetch(`${server.url}/v1/spaces/${spaceId}/content/page/${pageIds[n]}?format=markdown`, { headers: { authorization: `Bearer ${fx.token}` } });
        const markdown = ((await answer.json()) as { markdown: string }).markdown;
        for (let i = n; i < WORKSTATIONS; i += PAGES) {
          if (workstations[i]!.text(docOf(i)) !== markdown) throw new Error(`page ${n}: workstation ${i} and the server differ`);
          checked += 1;
        }
      }

      const last = stages.at(-1)!;
      const sustained = stages.filter((stage) => stage.offered !== saturatedAt).at(-1);
      const lines = [
        `One team server (\`folio serve\`, compiled, in its own process) on a space of ${PAGES} pages with a published site. This process ` +
          `is the load: **${WORKSTATIONS} workstations**, each one WebSocket on the live channel through the real client core ` +
          '(`src-shared/live/connection.ts`), with two pages open as Y.Docs and presence on (y-protocols `Awareness`): one page it types ' +
          `into (each page is typed into by ${WORKSTATIONS / PAGES} workstations), one it reads. Typing is spread evenly over the ` +
          `workstations at a total rate raised stage by stage (${STAGE_MS / 1000} s measured after ${SETTLE_MS / 1000} s at each rate), while ` +
          `readers ask for a published page ${READS_PER_SECOND} times a second (keep-alive; behind a CDN most reads never reach the server, ` +
          'docs/sites.md).',
        '',
        table(
          ['typed /s (offered)', 'committed /s', 'commit p50 ms', 'commit p99 ms', 'site reads /s', 'site read p99 ms', 'server CPU %', 'load CPU %', 'server RSS MiB'],
          stages.map((stage) => [
            fmt(stage.offered, 0),
            fmt(stage.committed, 0),
            fmt(stage.ackP50),
            fmt(stage.ackP99),
            fmt(stage.reads, 0),
            fmt(stage.readP99),
            fmt(stage.cpu, 0),
            fmt(stage.loadCpu, 0),
            fmt(stage.rss, 0),
          ]),
        ),
        '',
        `*Commit*: from a workstation sending a keystroke's update until the server's ACK, sent once the update is committed to SQLite ` +
          "(the server's whole work: authorization, the content engine, the transaction, relaying it to the page's other viewers). " +
          'Server CPU is its user + system time over the stage (100% = one core; Node runs requests on one); load CPU is this ' +
          "process's (the simulated workstations and readers, also on one core): when it nears 100% the limit measured is the " +
          "generator's, not the server's. " +
          `Server memory: ${fmt(rssIdle, 0)} MiB started, ${fmt(rssConnected, 0)} MiB with every workstation connected, ${fmt(last.rss, 0)} MiB after the last stage.`,
        '',
        saturatedAt
          ? `**Where it saturates**: at ${fmt(saturatedAt, 0)} keystrokes a second offered the server ${last.committed < 0.9 * saturatedAt ? `commits only ${fmt(last.committed, 0)}` : `still commits them, but the p99 passes ${SATURATED_P99_MS} ms`}; ` +
            `${sustained ? `${fmt(sustained.offered, 0)} a second (p99 ${fmt(sustained.ackP99)} ms) is sustained` : 'no stage was sustained'}. ` +
            (last.loadCpu > 85 && last.cpu < 85
              ? 'There the load generator, not the server, had run out of CPU: the server can take more than this machine can offer it.'
              : 'The server is one Node process: once its core is busy, keystrokes queue.')
          : `**Not saturated** at the highest rate tried (${fmt(last.offered, 0)} keystrokes a second, p99 ${fmt(last.ackP99)} ms).`,
        '',
        `**Idle** (everyone connected with two pages open and presence on, nobody typing, no readers) for ${fmt(idleMinutes * 60, 0)} s: ` +
          `${fmt(idleBytes / WORKSTATIONS / idleMinutes, 0)} bytes a minute per workstation both ways (WebSocket payloads: presence renewed ` +
          `every 15 s and relayed to the page's other viewers; pings are control frames, not counted), server CPU ${fmt(idleCpu, 1)}%.`,
        '',
        `Checked after the stages: each of the ${PAGES} pages reads on the server (\`GET …/content/page/{id}?format=markdown\`) exactly as ` +
          `in the Y.Doc of every workstation that typed into it (${checked} comparisons).`,
      ];
      return { markdown: lines.join('\n') };
    } finally {
      await readers.stop().catch(() => {});
      for (const workstation of workstations) workstation.close();
      await server.stop();
      fx.close();
    }
  },
};

export default benchmark;
