import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext, testEngine } from '../../../test/harness.js';
import { sqliteDriverName } from './sqlite-driver.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another process writing to the same SQLite file, as `tessera worker` does beside the server. */
function otherWriter(file: string, milliseconds: number) {
  const script = `
    const Database = require(${JSON.stringify(sqliteDriverName(Number(process.versions.napi ?? 0)))});
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    const write = db.prepare('update snapshot_probe set n = n + 1 where id = 2');
    const until = Date.now() + ${milliseconds};
    process.stdout.write('ready\\n');
    const tick = () => { write.run(); if (Date.now() < until) setTimeout(tick, 1); else process.exit(0); };
    tick();
  `;
  const cwd = fileURLToPath(new URL('../../..', import.meta.url));
  const child = spawn(process.execPath, ['-e', script], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { ready, exited };
}

it.skipIf(testEngine !== 'sqlite')(
  'a transaction that reads, then writes, survives another process writing in between',
  async () => {
    const db = t.runtime.data.raw;
    await sql`create table snapshot_probe (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into snapshot_probe (id, n) values (1, 0), (2, 0)`.execute(db);
    const writer = otherWriter(join(t.database.dataDir, 'tessera.db'), 1500);
    await writer.ready;
    let transactions = 0;
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline) {
      await t.runtime.data.transaction(async () => {
        await sql`select n from snapshot_probe where id = 1`.execute(db);
        // The other process commits meanwhile; a deferred transaction's snapshot is now stale.
        await sleep(3);
        await sql`update snapshot_probe set n = n + 1 where id = 1`.execute(db);
      });
      transactions += 1;
    }
    expect(await writer.exited).toBe(0);
    const { rows } = await sql<{ n: number }>`select n from snapshot_probe where id = 1`.execute(db);
    expect(rows[0]?.n).toBe(transactions);
  },
);
