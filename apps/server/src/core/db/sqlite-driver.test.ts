import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sqliteDriverName } from './sqlite-driver.js';

it('chooses better-sqlite3 13 from Node-API 10 on, and 12 before', () => {
  expect(sqliteDriverName(9)).toBe('better-sqlite3');
  expect(sqliteDriverName(10)).toBe('better-sqlite3-napi');
  expect(sqliteDriverName(11)).toBe('better-sqlite3-napi');
});

it('survives the garbage collector freeing statements, on the Node running the tests', () => {
  // Statements left unreferenced, then enough allocation for V8 to collect them outside any
  // JavaScript context: with better-sqlite3 12 built for Node 24.19+ this aborts the process.
  const driver = new URL('./sqlite-driver.ts', import.meta.url).href;
  const script = `
    import { sqliteDriver } from ${JSON.stringify(driver)};
    const Driver = sqliteDriver();
    const db = new Driver(':memory:');
    for (let i = 0; i < 600; i++) db.prepare('SELECT ' + i).get();
    let kept = [];
    for (let i = 0; i < 100_000; i++) kept = [{ list: new Array(100) }];
    db.close();
    console.log('done', kept.length);
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../../../../', import.meta.url)),
    encoding: 'utf8',
  });
  expect(result.stderr).not.toContain('Assertion failed');
  expect({ status: result.status, signal: result.signal, out: result.stdout.trim() }).toEqual({
    status: 0,
    signal: null,
    out: 'done 1',
  });
});
