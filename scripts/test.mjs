#!/usr/bin/env node
// `npm test`: every test on SQLite, then the integration tests (*.int.test.ts) again on PostgreSQL
// when DATABASE_URL is set. Ends with one plain line, "N passed, N failed, N skipped", summed over
// the legs from Vitest's JSON reports, and a non-zero exit when anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const extra = process.argv.slice(2);

const legs = [{ name: 'sqlite', filters: [], env: { TESSERA_TEST_ENGINE: 'sqlite' } }];
if (process.env.DATABASE_URL) {
  legs.push({ name: 'postgres', filters: ['.int.test.ts'], env: { TESSERA_TEST_ENGINE: 'postgres' } });
} else {
  console.log('DATABASE_URL is not set: the PostgreSQL leg is skipped.');
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
for (const leg of legs) {
  console.log(`\n=== ${leg.name} ===`);
  const output = join(reports, `${leg.name}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...leg.filters,
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...leg.env } },
  );
  if (!existsSync(output)) {
    console.log(`The ${leg.name} leg produced no report (exit ${result.status}).`);
    broken = true;
    continue;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A file that fails to load counts no test but fails the suite.
  const failedSuites = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  if (failedSuites.length > 0 || (result.status !== 0 && report.numFailedTests === 0)) {
    for (const file of failedSuites) console.log(`Failed to run: ${file.name}`);
    broken = true;
    totals.failed += Math.max(failedSuites.length, 1);
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken || totals.passed === 0 ? 1 : 0);
