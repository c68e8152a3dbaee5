#!/usr/bin/env node
// `npm test`: every test on SQLite, then the integration tests (*.int.test.ts) again on PostgreSQL
// when DATABASE_URL is set, then the browser tests (*.browser.test.ts) in a leg of their own on the
// first Node, the Lighthouse file after the others, alone.
// `--node <path>` (repeatable) runs the SQLite leg again on another Node.js binary, as CI does
// with Node 24 (see scripts/fetch-node.mjs): what differs between Node versions is the SQLite driver
// (better-sqlite3 or its Node-API build) and Node's own APIs, which every test file meets on SQLite;
// the PostgreSQL leg adds only the pure-JavaScript `pg` driver, and `--all-engines` runs it there too
// (5 of CI's 32 minutes on a slow machine). Other arguments go to Vitest. Ends
// with one plain line, "N passed, N failed, N skipped", summed over every leg from Vitest's JSON
// reports, and a non-zero exit when anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const nodes = [process.execPath];
const extra = [];
let allEngines = false;
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === '--node') nodes.push(process.argv[++i] ?? '');
  else if (arg.startsWith('--node=')) nodes.push(arg.slice('--node='.length));
  else if (arg === '--all-engines') allEngines = true;
  else extra.push(arg);
}

// Browser tests (*.browser.test.ts: Chromium, Lighthouse) run in a leg of their own, alone and once:
// Lighthouse times the page's work in the browser, which other test files running beside it slow.
const BROWSER_TESTS = '**/*.browser.test.ts';
const engines = [
  { name: 'sqlite', filters: [], exclude: [BROWSER_TESTS], env: { TESSERA_TEST_ENGINE: 'sqlite' } },
];
if (process.env.DATABASE_URL) {
  engines.push({
    name: 'postgres',
    filters: ['.int.test.ts'],
    exclude: [],
    env: { TESSERA_TEST_ENGINE: 'postgres' },
  });
} else {
  console.log('DATABASE_URL is not set: the PostgreSQL leg is skipped.');
}
// Lighthouse's performance score is the page's main-thread work timed in the browser: with another
// browser test file beside it (two workers), the public pages' blocking time reached 600 to 800 ms
// and a score fell from 100 to 77 three runs in a row. Its file runs after the others, alone.
const LIGHTHOUSE_FILE = 'site-quality.browser.test.ts';
// Browser test files share their worker's modules, as every other leg does (vitest.config.ts): with
// `--isolate` each of the ~31 files imported the server's module graph again, 290 s of worker time
// in a 13-minute leg (591 s against 801 s for the leg, both on a busy machine, all 99 tests passing).
const browserLegs = [
  {
    name: 'browser',
    filters: ['.browser.test.ts'],
    exclude: [`**/${LIGHTHOUSE_FILE}`],
    env: { TESSERA_TEST_ENGINE: 'sqlite' },
  },
  {
    name: 'browser-lighthouse',
    filters: [LIGHTHOUSE_FILE],
    exclude: [],
    env: { TESSERA_TEST_ENGINE: 'sqlite' },
  },
];

const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, as "leg: file > test: first line of its message", repeated before the summary. */
const failures = [];
let broken = false;
const versionsRun = new Set();
for (const node of nodes) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!version) {
    console.log(`\nCannot run ${node}: its legs are counted as failed.`);
    broken = true;
    totals.failed += 1;
    continue;
  }
  // A machine already on the extra Node runs the suite once.
  if (versionsRun.has(version)) continue;
  versionsRun.add(version);
  // The Node under test first on PATH: test files that start `node` or a bin script get it too.
  const path = `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`;
  const legs =
    versionsRun.size === 1
      ? [...engines, ...browserLegs]
      : engines.filter((engine) => allEngines || engine.name === 'sqlite');
  for (const engine of legs) {
    const leg = `node ${version}, ${engine.name}`;
    console.log(`\n=== ${leg} ===`);
    const output = join(reports, `${version}-${engine.name}.json`);
    const result = spawnSync(
      node,
      [
        vitest,
        'run',
        ...engine.filters,
        ...engine.exclude.flatMap((glob) => ['--exclude', glob]),
        ...(engine.args ?? []),
        ...extra,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${output}`,
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...engine.env,
          PATH: path,
          // Types are checked on the first Node only: they do not depend on the runtime.
          ...(versionsRun.size > 1 ? { TESSERA_SKIP_TYPECHECK: '1' } : {}),
        },
      },
    );
    if (!existsSync(output)) {
      console.log(`The leg "${leg}" produced no report (exit ${result.status}).`);
      broken = true;
      totals.failed += 1;
      continue;
    }
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
    // Tests of a file whose worker process died are neither passed, failed nor skipped: they never
    // ran, and count as failed.
    const unrun = Math.max(0, report.numTotalTests - report.numPassedTests - report.numFailedTests - skipped);
    if (unrun > 0) console.log(`${unrun} tests never ran (${leg}): their worker process died.`);
    for (const file of report.testResults) {
      const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
      for (const test of file.assertionResults) {
        if (test.status !== 'failed') continue;
        const full = test.failureMessages?.[0] ?? '';
        const message = full.split('\n')[0].slice(0, 300);
        failures.push(`${leg}: ${name} > ${test.fullName}: ${message}${failedAt(full, name)}`);
      }
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + unrun;
    totals.skipped += skipped;
    // A file that fails to load, or whose worker dies, counts no test but fails the suite.
    const failedSuites = report.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    );
    if (failedSuites.length > 0 || (result.status !== 0 && report.numFailedTests + unrun === 0)) {
      for (const file of failedSuites) {
        console.log(`Failed to run (${leg}): ${file.name}`);
        failures.push(
          `${leg}: ${file.name} did not run: ${(file.message ?? '').split('\n')[0].slice(0, 300)}`,
        );
      }
      broken = true;
      totals.failed += Math.max(failedSuites.length, 1);
    }
  }
}

/**
 * Where in the test file the failure was thrown (" (at line 115)"), read from its stack: an assertion's
 * message alone ("expected +0 to be 1") does not say which of a test's steps failed, and CI's log is
 * often read only from its tail.
 */
function failedAt(message, file) {
  const base = file
    .split('/')
    .pop()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`${base}:(\\d+):\\d+`).exec(message)?.[1];
  return line ? ` (at line ${line})` : '';
}

// The run's output is long and often read from its tail: name what failed right above the count.
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken || totals.passed === 0 ? 1 : 0);
