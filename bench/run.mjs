#!/usr/bin/env node
import { spawn } from 'node:child_process';
// `npm run bench`: every scenario of bench/scenarios.mjs, first against a bare Node server answering
// the same bytes, then against Tessera, in one run on one machine; prints req/s, p99, the ratio, the
// target of docs/performance.md (bench/targets.mjs) and whether it is met. Then the visual builder
// in Chromium on the same server (bench/builder.mjs; CHROME_PATH, default /usr/bin/chromium), and the
// entry editor's rich text on a 100,000-word post (bench/richtext.mjs).
// Options: --duration <seconds> (or BENCH_DURATION; default 10), --only <text> (the scenarios, and
// the browser parts, whose name contains it: `--only visual` is the builder part alone, `--only
// rich-text` the rich-text editor's); --soak [--soak-minutes N] runs instead a mixed load of reads
// and saves for N minutes (default 10) and judges the server's memory over it (bench/soak.mjs);
// BENCH_PROFILE=<dir> profiles the server, BENCH_BROWSER_PROFILE=<dir> the builder's page,
// BENCH_KEEP=1 keeps the server's data, BENCH_LOG_LEVEL sets the server's (warn by default). BENCH_DATABASE_URL and BENCH_REDIS_URL point the server at
// PostgreSQL and Redis; by default it runs on a fresh SQLite file in memory counters.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BUILDER_PART, measureBuilder, printBuilder } from './builder.mjs';
import { measureRichText, RICHTEXT_PART } from './richtext.mjs';
import { scenarios } from './scenarios.mjs';
import { startSmtpSink } from './smtp-sink.mjs';
import { runSoak } from './soak.mjs';
import {
  BUILDER_TARGETS,
  describeTarget,
  isApiScenario,
  MEMORY_TARGET_MIB,
  TAIL_TARGET,
  targetOf,
  targets,
} from './targets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BENCH_HOST = 'bench.test';
const BENCH_ADMIN_EMAIL = 'bench@bench.test';
const BENCH_ADMIN_PASSWORD = 'bench-password-not-for-production';
const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
// Config's ceiling: the limiter still runs (its cost is part of what is measured) but cannot refuse
// at bench rates (a key would need over 16,000 req/s for a whole minute).
const RATE_LIMIT_FOR_BENCH = '1000000';

const children = new Set();
let workDir = null;

main().then(
  (code) => finish(code),
  (error) => {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
    finish(1);
  },
);

// Children must never outlive the bench, however it ends.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  // BENCH_KEEP=1 leaves the data (the seeded database) for a look afterwards.
  if (workDir && process.env.BENCH_KEEP) console.log(`data kept in ${workDir}`);
  else if (workDir) rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

async function main() {
  const options = readOptions();
  // The soak is a run of its own: none of the scenarios or browser parts.
  const chosen = (name) => !options.soak && (!options.only || name.includes(options.only));
  const selected = scenarios.filter((scenario) => chosen(scenario.name));
  const builderSelected = chosen(BUILDER_PART);
  const richTextSelected = chosen(RICHTEXT_PART);
  if (!options.soak && selected.length === 0 && !builderSelected && !richTextSelected)
    throw new Error(`no scenario name contains "${options.only}"`);

  workDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  const port = await freePort();
  // Mail (the newsletter scenario's) goes to a local SMTP server that counts it.
  const smtp = await startSmtpSink();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // BENCH_LOG_LEVEL=info measures what the default level's line per request costs.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    LOG_PRETTY: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: join(workDir, 'data'),
    // Empty overrides a value from .env too, so an operator's settings never leak into the bench.
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    // Required with DATABASE_URL; a fresh database per run, so a fresh key does.
    SECRET_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_GENERAL: RATE_LIMIT_FOR_BENCH,
    RATE_LIMIT_UPLOAD: RATE_LIMIT_FOR_BENCH,
    RATE_LIMIT_SEARCH: RATE_LIMIT_FOR_BENCH,
    // As `npm start` runs it: the job worker in the server's process (webhook deliveries are timed).
    JOBS_IN_PROCESS: 'true',
    // No readiness drain on stop: nothing balances the bench's load, and a 5 s drain would reach the
    // 5 s kill below before a CPU profile is written.
    DRAIN_SECONDS: '0',
    SMTP_URL: smtp.url,
  };

  console.log(
    (options.soak
      ? `Tessera soak: ${options.soakMinutes} minutes of mixed reads and saves, ${CONNECTIONS} connections; `
      : `Tessera bench: ${selected.length} scenario(s)${builderSelected ? ` and the ${BUILDER_PART}` : ''}` +
        `${richTextSelected ? ` and the ${RICHTEXT_PART}` : ''}, ` +
        `${CONNECTIONS} connections, ${options.duration} s each after ` +
        `${WARMUP_SECONDS} s warm-up; `) +
      `Node ${process.version}, ${cpus().length} cores, ` +
      `${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${env.REDIS_URL ? 'Redis' : 'in-memory'} rate-limit counters`,
  );
  const tesseraCli = (args) =>
    runToEnd(
      process.execPath,
      [join(root, 'apps/server/bin/tessera.js'), ...args],
      env,
      `tessera ${args[0]}`,
    );
  // As npm start does (prestart), so the server runs the current build rather than the sources.
  await runToEnd(process.execPath, [join(root, 'scripts/build.mjs')], env, 'build');
  await tesseraCli([
    'install',
    '--site-name',
    'Bench',
    '--domain',
    BENCH_HOST,
    '--admin-email',
    BENCH_ADMIN_EMAIL,
    '--admin-password',
    BENCH_ADMIN_PASSWORD,
  ]);

  // A plugin with ten hooks and a block, installed before the server starts (plugins load at start);
  // the plugin scenarios switch it on and off for the bench site.
  await tesseraCli(['plugin:install', join(root, 'bench/plugin')]);
  const server = await startTessera(env, port);
  const startRssMiB = residentMiB(server.pid, 'VmRSS');
  const context = {
    tessera: `http://127.0.0.1:${port}`,
    dataDir: env.DATA_DIR,
    env,
    request: tesseraRequest(port),
    /** Runs a `tessera` command against the bench database and answers its output. */
    cli: tesseraCli,
    host: BENCH_HOST,
    /** Where a browser finds the site: by its name (bench/builder.mjs maps it to 127.0.0.1). */
    browserOrigin: `http://${BENCH_HOST}:${port}`,
    adminEmail: BENCH_ADMIN_EMAIL,
    adminPassword: BENCH_ADMIN_PASSWORD,
    /** The SMTP server the bench's Tessera sends to: `received()` counts the messages it took. */
    smtp,
  };

  if (options.soak) {
    const passed = await runSoak(context, {
      minutes: options.soakMinutes,
      connections: CONNECTIONS,
      residentMiB: () => residentMiB(server.pid, 'VmRSS'),
    });
    await stop(server);
    await smtp.close();
    return passed ? 0 : 1;
  }

  const rows = [];
  const timings = [];
  // Each scenario's own peak: the kernel's high-water mark is reset before it (and read after), so
  // the 12-megapixel upload, which has a memory budget of its own, is not charged to the request
  // loads that follow it. The whole run's peak is kept beside.
  let runPeakMiB = startRssMiB;
  const memory = new PeakMemory(server.pid);
  for (const scenario of selected) {
    memory.start();
    if (scenario.timed) timings.push({ name: scenario.name, ...(await scenario.timed(context)) });
    else rows.push(await runScenario(scenario, context, port, options.duration));
    const last = scenario.timed ? timings.at(-1) : rows.at(-1);
    Object.assign(last, memory.end(), { ownMemoryTarget: Boolean(scenario.timed && scenario.measures) });
    runPeakMiB = Math.max(runPeakMiB ?? 0, last.peakMiB ?? 0);
  }
  // After the loads, so the server is as warm as they left it; its memory counts in the peak below.
  let builder = null;
  let builderMemory = null;
  if (builderSelected) {
    memory.start();
    builder = await measureBuilder(context, {
      chromium: options.chromium,
      profileDir: options.browserProfile,
    });
    builderMemory = { name: BUILDER_PART, ...memory.end() };
    runPeakMiB = Math.max(runPeakMiB ?? 0, builderMemory.peakMiB ?? 0);
  }
  const richText = richTextSelected ? await measureRichText(context, { chromium: options.chromium }) : null;

  await stop(server);
  await smtp.close();
  if (rows.length > 0) printTable(rows);
  printTimings(timings);
  if (builder) printBuilder(builder);
  if (richText) printBuilder(richText, RICHTEXT_PART);
  printUnmeasuredTargets();
  printMemory({
    startRssMiB,
    runPeakMiB,
    loads: [
      ...rows,
      ...timings.filter((timing) => !timing.ownMemoryTarget),
      ...(builderMemory ? [builderMemory] : []),
    ],
    resettable: memory.resettable,
    logTail: server.logTail,
  });
  await printAdminBundle();

  const invalid = rows.filter((row) => row.problems.length > 0);
  for (const row of invalid) {
    console.log(`WARNING: "${row.name}" is INVALID, its numbers mean nothing: ${row.problems.join('; ')}`);
  }
  return invalid.length > 0 ? 1 : 0;
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      only: { type: 'string' },
      soak: { type: 'boolean' },
      'soak-minutes': { type: 'string' },
    },
    allowPositionals: false,
  });
  const duration = Number(values.duration ?? process.env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(duration) || duration < 1)
    throw new Error('--duration must be a number of seconds >= 1');
  // Growth is judged from the second minute on against the first: two minutes at the least.
  const soakMinutes = Number(values['soak-minutes'] ?? 10);
  if (!Number.isInteger(soakMinutes) || soakMinutes < 2)
    throw new Error('--soak-minutes must be a whole number of minutes >= 2');
  return {
    duration,
    only: values.only ?? null,
    soak: values.soak ?? false,
    soakMinutes,
    chromium: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    browserProfile: process.env.BENCH_BROWSER_PROFILE ?? null,
  };
}

async function runScenario(scenario, context, port, duration) {
  const prepared = (scenario.setup ? await scenario.setup(context) : undefined) ?? {};
  const path = prepared.path ?? scenario.path;
  const headers = { host: BENCH_HOST, ...scenario.headers, ...prepared.headers };
  // `paths` (from setup) spreads the requests over many addresses, one after another per
  // connection: each a page no cache holds yet. The baseline answers the first one's bytes to all.
  const request = { method: scenario.method, path, paths: prepared.paths, headers, body: scenario.body };
  const problems = [];

  // The baseline answers with exactly what Tessera answers for this request.
  const sample = await context.request(scenario.method, path, { headers, body: scenario.body });
  if (sample.status < 200 || sample.status >= 300) {
    problems.push(`Tessera answered ${sample.status} to ${scenario.method} ${path} before the run`);
  }
  const bodyFile = join(workDir, 'baseline-body');
  writeFileSync(bodyFile, sample.body);
  // The same headers too: a response's header lines cost the load generator as much as its body's
  // bytes, and the ratio is about what Tessera does beyond sending them (see docs/performance.md).
  const baselineEnv = {
    BASELINE_BODY_FILE: bodyFile,
    BASELINE_HEADERS: JSON.stringify(sentHeaders(sample.headers)),
    BASELINE_STATUS: String(sample.status),
  };
  const bare = await measureBaseline(baselineEnv, request, duration);
  // The peers' method besides: the body with its content type and length, Tessera's other headers
  // left out, so the ratio also shows what those headers cost a client.
  const bodyOnly = scenario.againstBodyOnly
    ? await measureBaseline({ ...baselineEnv, BASELINE_BODY_ONLY: '1' }, request, duration)
    : null;
  const tessera = await measure(port, request, duration);

  for (const [who, result] of [
    ['baseline', bare],
    ['body-only baseline', bodyOnly],
    ['Tessera', tessera],
  ]) {
    if (!result) continue;
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0) {
      const codes = Object.entries(result.statusCodeStats)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, stats]) => `${stats.count} x ${code}`);
      const transport = [
        result.errors ? `${result.errors} errors` : '',
        result.timeouts ? `${result.timeouts} timeouts` : '',
      ].filter(Boolean);
      problems.push(
        `${who}: ${failed} of ${result.requests.total} requests failed (${[...codes, ...transport].join(', ')})`,
      );
    }
  }
  const ratio = tessera.requests.average / bare.requests.average;
  return {
    name: scenario.name,
    measures: scenario.measures,
    baselineRps: bare.requests.average,
    tesseraRps: tessera.requests.average,
    p99: tessera.latency.p99,
    median: tessera.latency.p50,
    ratio,
    bodyOnlyRps: bodyOnly?.requests.average,
    bodyOnlyRatio: bodyOnly ? tessera.requests.average / bodyOnly.requests.average : undefined,
    target: targetOf(scenario).ratio,
    p99Ms: targetOf(scenario).p99Ms,
    bytes: sample.body.length,
    problems,
  };
}

/** Node writes these itself, per response (the length is the body's). */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The headers of Tessera's sample answer the baseline sends as they are. */
function sentHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WRITTEN_BY_NODE.has(name)));
}

/** A bare server started with `env` (bench/baseline.mjs), measured, then stopped. */
async function measureBaseline(env, request, duration) {
  const baseline = await startBaseline(env);
  try {
    return await measure(baseline.port, request, duration);
  } finally {
    await stop(baseline);
  }
}

/** A warm-up run whose numbers are dropped, then the measured run. */
async function measure(port, request, duration) {
  await load(port, request, WARMUP_SECONDS);
  return load(port, request, duration);
}

function load(port, { method, path, paths, headers, body }, duration) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    method,
    headers,
    body,
    connections: CONNECTIONS,
    duration,
    // One counter across connections: every request takes the next address, none asks twice.
    ...(paths
      ? {
          requests: [
            { method, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
          ],
        }
      : {}),
  });
}

function printTable(rows) {
  const header = [
    'scenario',
    'baseline req/s',
    'tessera req/s',
    'p99 ms',
    'median ms',
    'tail',
    'ratio',
    'target',
    'met',
    'RSS MiB: before, peak, after',
  ];
  const lines = rows.flatMap((row) => {
    const target = describeTarget({ ratio: row.target, p99Ms: row.p99Ms }) || 'none';
    const line = [
      row.name,
      reqPerSecond(row.baselineRps),
      reqPerSecond(row.tesseraRps),
      String(row.p99),
      String(row.median),
      tailOf(row) === undefined ? '-' : `${tailOf(row).toFixed(1)} x`,
      `${row.ratio.toFixed(3)} x`,
      target,
      verdictOf(row, row.ratio),
      [row.rssBeforeMiB, row.peakMiB, row.rssAfterMiB]
        .map((mib) => (mib == null ? '?' : mib.toFixed(0)))
        .join(', '),
    ];
    if (row.bodyOnlyRatio === undefined) return [line];
    // A second line: the same Tessera run against the bare server sending the body only.
    const bodyOnly = [
      '  the same, against the body only',
      reqPerSecond(row.bodyOnlyRps),
      reqPerSecond(row.tesseraRps),
      '',
      '',
      '',
      `${row.bodyOnlyRatio.toFixed(3)} x`,
      target,
      verdictOf(row, row.bodyOnlyRatio),
      '',
    ];
    return [line, bodyOnly];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${format(header)}`);
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
  printTailVerdicts(rows);
  printBodyOnlyVerdicts(rows);
}

const reqPerSecond = (rps) => Math.round(rps).toLocaleString('en-US');

/** p99 over the median (autocannon's p50, whole milliseconds); none when the median is under 1 ms. */
const tailOf = (row) => (row.median > 0 ? row.p99 / row.median : undefined);

/** `yes`, `NO`, `-` (no target) or `INVALID` for a row's ratio (whole answer or body only) and p99. */
function verdictOf(row, ratio) {
  if (row.problems.length > 0) return 'INVALID';
  if (row.target === undefined && row.p99Ms === undefined) return '-';
  const met =
    (row.target === undefined || ratio >= row.target) && (row.p99Ms === undefined || row.p99 <= row.p99Ms);
  return met ? 'yes' : 'NO';
}

/** Issue 39: at 32 connections, each API scenario's p99 within TAIL_TARGET times its median. */
function printTailVerdicts(rows) {
  const api = rows.filter((row) => isApiScenario(row.name));
  if (api.length === 0) return;
  console.log(`\nTail: p99 within ${TAIL_TARGET} x the median at ${CONNECTIONS} connections (issue 39):`);
  for (const row of api) {
    const tail = tailOf(row);
    const verdict =
      row.problems.length > 0
        ? 'INVALID'
        : tail === undefined
          ? 'median under 1 ms, not judged'
          : tail <= TAIL_TARGET
            ? 'met'
            : 'NO';
    console.log(
      `  ${row.name}: p99 ${row.p99} ms, median ${row.median} ms` +
        `${tail === undefined ? '' : `, ${tail.toFixed(1)} x`}: ${verdict}`,
    );
  }
}

/** The cached pages against both baselines: the whole answer, and the body only (the peers' method). */
function printBodyOnlyVerdicts(rows) {
  const both = rows.filter((row) => row.bodyOnlyRatio !== undefined);
  if (both.length === 0) return;
  console.log('\nAgainst both baselines, the whole answer and the body only (its content type and length):');
  for (const row of both) {
    const judged = row.target !== undefined;
    const said = (ratio) =>
      `${ratio.toFixed(3)} x${judged ? ` ${verdictOf(row, ratio) === 'yes' ? 'met' : verdictOf(row, ratio)}` : ''}`;
    console.log(
      `  ${row.name}: ${said(row.ratio)} against the whole answer, ${said(row.bodyOnlyRatio)} against the body only` +
        (judged
          ? ` (target ${describeTarget({ ratio: row.target, p99Ms: row.p99Ms })} on each)`
          : ' (no target)'),
    );
  }
}

/** Sequential operations (saves) are timed one by one: their median and p99, no baseline. */
function printTimings(timings) {
  for (const { name, samples, note, rssBeforeMiB, peakMiB, rssAfterMiB } of timings) {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const memory =
      peakMiB == null
        ? ''
        : `; server RSS ${rssBeforeMiB?.toFixed(1)} MiB before, peak ${peakMiB.toFixed(1)} MiB (${(peakMiB * 1.048576).toFixed(0)} MB), ${rssAfterMiB?.toFixed(1)} MiB after`;
    console.log(
      `\n${name}: ${samples.length} runs, median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms${memory}${note ? ` (${note})` : ''}`,
    );
  }
}

/** The targets of docs/performance.md that no scenario measures yet, so a gap stays visible. */
function printUnmeasuredTargets() {
  const measured = new Set([
    ...scenarios.map((scenario) => scenario.measures).filter(Boolean),
    ...BUILDER_TARGETS,
  ]);
  const open = Object.entries(targets).filter(([key]) => !measured.has(key));
  if (open.length === 0) return;
  console.log('\nTargets of docs/performance.md no scenario measures yet:');
  for (const [, target] of open) console.log(`  ${target.label}: ${describeTarget(target)}`);
}

/** The admin app's JavaScript before its sign-in page and dashboard show, against the issue's 250 KB. */
async function printAdminBundle() {
  const { ADMIN_DIST } = await import('../apps/server/dist/modules/admin-app/module.js');
  const { initialScriptBytes } = await import('../apps/server/dist/modules/admin-app/bundle.js');
  try {
    const { files, gzipped } = initialScriptBytes(ADMIN_DIST);
    const kb = gzipped / 1024;
    console.log(
      `Admin app: ${kb.toFixed(1)} KB of JavaScript gzipped before the sign-in page and the dashboard (${files.length} files); target <= 250 KB: ${kb <= 250 ? 'met' : 'NOT met'}`,
    );
  } catch {
    console.log('Admin app: not built (npm run build)');
  }
}

/**
 * docs/performance.md's memory line is for "these loads": the scenarios measured against its table's
 * targets (pages, API reads, search), each from its own start. The 12-megapixel upload has a budget
 * of its own (350 MB, printed with its timings). Every other stretch over the target is named too,
 * with the resident set it began from, so memory kept from earlier work stays visible.
 */
function printMemory({ startRssMiB, runPeakMiB, loads, resettable, logTail }) {
  const shown = (mib) => (mib == null ? 'unavailable (no /proc)' : `${mib.toFixed(1)} MiB`);
  const whole = `peak of the whole run: ${shown(runPeakMiB)}`;
  const highest = loads
    .filter((load) => load.measures)
    .reduce((top, load) => ((load.peakMiB ?? -1) > (top?.peakMiB ?? -1) ? load : top), null);
  if (!highest) console.log(`\nNo scenario of the memory target ran; ${whole}`);
  else {
    const peak = highest.peakMiB;
    const verdict = peak == null ? 'unknown' : peak <= MEMORY_TARGET_MIB ? 'met' : 'NOT met';
    console.log(
      `\nTessera peak RSS under the targeted loads: ${shown(peak)} (${highest.name}); ` +
        `target <= ${MEMORY_TARGET_MIB} MiB: ${verdict}. RSS when ready, before load: ${shown(startRssMiB)}; ${whole}` +
        (resettable ? '' : " (the peak could not be reset between scenarios: each is the run's so far)"),
    );
  }
  for (const load of loads.filter((each) => !each.measures && (each.peakMiB ?? 0) > MEMORY_TARGET_MIB))
    console.log(
      `  also over ${MEMORY_TARGET_MIB} MiB, without a target of its own: ${load.name}, ` +
        `peak ${shown(load.peakMiB)} from ${shown(load.rssBeforeMiB)}`,
    );
  if (logTail.length > 0) {
    console.log(`Tessera logged ${logTail.length} line(s) at warn or above; the last:\n  ${logTail.at(-1)}`);
  }
}

/**
 * The server's peak resident memory over one stretch of the run. Writing 5 to /proc/<pid>/clear_refs
 * resets the kernel's high-water mark (VmHWM) to the current resident set, for the process and each
 * HTTP worker; where that is not allowed, the peak is the run's so far.
 */
class PeakMemory {
  resettable = true;
  #before = null;

  constructor(pid) {
    this.pid = pid;
  }

  start() {
    this.#before = residentMiB(this.pid, 'VmRSS');
    for (const each of [this.pid, ...descendants(this.pid)]) {
      try {
        writeFileSync(`/proc/${each}/clear_refs`, '5');
      } catch {
        this.resettable = false;
      }
    }
  }

  /** The resident set when the stretch began, its peak since and what stays at the end, in MiB. */
  end() {
    return {
      rssBeforeMiB: this.#before,
      peakMiB: residentMiB(this.pid, 'VmHWM'),
      rssAfterMiB: residentMiB(this.pid, 'VmRSS'),
    };
  }
}

/**
 * The server's resident set now (VmRSS) or at its peak (VmHWM, a high-water mark the kernel keeps),
 * summed over the process and its children: with WEB_CONCURRENCY the HTTP workers are children of
 * the primary, and their memory is the server's too. (A sum of peaks: at most what was resident at
 * once.)
 */
function residentMiB(pid, field) {
  let total = 0;
  let found = false;
  for (const each of [pid, ...descendants(pid)]) {
    try {
      const status = readFileSync(`/proc/${each}/status`, 'utf8');
      const kib = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]);
      if (Number.isFinite(kib)) {
        total += kib / 1024;
        found = true;
      }
    } catch {
      // Gone since it was listed.
    }
  }
  return found ? total : null;
}

/** The child processes of `pid`, and theirs, from /proc (empty where there is no /proc). */
function descendants(pid) {
  const found = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ').map(Number) : [])
        found.push(child, ...descendants(child));
    }
  } catch {
    // No /proc, or the process is gone.
  }
  return found;
}

// --- processes ---------------------------------------------------------------------------------

function startChild(command, args, env, name) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const handle = { child, pid: child.pid, name, output: '', logTail: [], exited: null };
  children.add(child);
  // Read both pipes continuously: a child blocked on a full pipe would distort the numbers.
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (text) => {
      handle.output = (handle.output + text).slice(-20_000);
      for (const line of text.split('\n')) if (line.trim()) handle.logTail.push(line.trim());
      if (handle.logTail.length > 50) handle.logTail.splice(0, handle.logTail.length - 50);
    });
  }
  handle.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return handle;
}

/** Runs a command to its end and answers what it printed (stdout and stderr, interleaved). */
async function runToEnd(command, args, env, name) {
  const handle = startChild(command, args, env, name);
  const { code, signal } = await handle.exited;
  if (code !== 0) throw new Error(`${name} exited with ${code ?? signal}:\n${handle.output.trim()}`);
  return handle.output;
}

async function startTessera(env, port) {
  // Started as `tessera serve` is by npm start: through the launcher's own shebang and its V8 flags.
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of the server there when it stops (open it in Chrome's
  // DevTools): to see where a scenario's time goes. The flags are the shebang's, plus the profiler's.
  const bin = join(root, 'apps/server/bin/tessera.js');
  const server = process.env.BENCH_PROFILE
    ? startChild(
        process.execPath,
        [
          '--max-semi-space-size=4',
          '--heap-growing-percent=50',
          '--cpu-prof',
          `--cpu-prof-dir=${process.env.BENCH_PROFILE}`,
          bin,
          'serve',
        ],
        { ...env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
        'tessera serve',
      )
    : startChild(bin, ['serve'], env, 'tessera serve');
  let starting = true;
  const exited = server.exited.then(({ code, signal }) => {
    if (starting)
      throw new Error(
        `tessera serve exited with ${code ?? signal} before it was ready:\n${server.output.trim()}`,
      );
    return false;
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await Promise.race([
      tesseraRequest(port)('GET', '/healthz', {}).then(
        (response) => response.status === 200,
        () => false,
      ),
      exited,
    ]);
    if (ready) {
      starting = false;
      // Whatever it printed while starting is not a warning raised under load.
      server.logTail.length = 0;
      return server;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  starting = false;
  throw new Error(`tessera serve did not answer /healthz within 30 s:\n${server.output.trim()}`);
}

async function startBaseline(extraEnv) {
  const baseline = startChild(
    process.execPath,
    [join(root, 'bench/baseline.mjs')],
    { ...process.env, ...extraEnv },
    'baseline',
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const announced = /\{"port":(\d+)\}/.exec(baseline.output);
    if (announced) return { ...baseline, port: Number(announced[1]) };
    if (!children.has(baseline.child)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the baseline server did not start:\n${baseline.output.trim()}`);
}

/** SIGTERM, then SIGKILL if the process has not gone within five seconds. */
async function stop(handle) {
  if (!children.has(handle.child)) return;
  handle.child.kill('SIGTERM');
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), 5_000);
  await handle.exited;
  clearTimeout(timer);
}

function finish(code) {
  // process.exit runs the 'exit' handler, which kills anything still running.
  process.exit(code);
}

// --- HTTP ----------------------------------------------------------------------------------------

/** A request to Tessera with any Host header (fetch would not let us set it). */
function tesseraRequest(port) {
  return (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method, path, headers: { host: BENCH_HOST, ...headers } },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
