import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * What a refused request may still write, by design: the time a session or token was last used
 * (written while authenticating, before the route refuses), and the audit entries of refused
 * sign-ins. Anything else that changes under a 4xx is a half-written refusal.
 */
const BOOKKEEPING_COLUMNS: Record<string, readonly string[]> = {
  sessions: ['last_seen_at', 'idle_expires_at'],
  api_tokens: ['last_used_at'],
};
const REFUSALS_RECORDED = ['auth.login_failed', 'auth.two_factor_failed'];

/** One hash per table of all its rows (order-free), to tell whether a request wrote anything. */
export type DatabaseDigest = ReadonlyMap<string, string>;

/**
 * Lists the tables once (introspection is slow on PostgreSQL) and returns the digest function.
 * PostgreSQL hashes every table in one query on the server, so a digest per request stays cheap;
 * SQLite is in-process, so reading the rows is cheap already.
 */
export async function databaseDigester(
  db: Kysely<unknown>,
  engine: 'sqlite' | 'postgres',
): Promise<() => Promise<DatabaseDigest>> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  if (engine === 'postgres') {
    const query = sql.raw<{ name: string; hash: string }>(postgresDigestQuery(tables));
    return async () => {
      const { rows } = await query.execute(db);
      return new Map(tables.map((name) => [name, rows.find((row) => row.name === name)?.hash ?? 'empty']));
    };
  }
  return () => digestInProcess(db, tables);
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Table names come from the catalog, and are quoted all the same. */
function postgresDigestQuery(tables: readonly string[]): string {
  const parts = tables.map((table) => {
    const skipped = BOOKKEEPING_COLUMNS[table] ?? [];
    const row = skipped.length
      ? `(to_jsonb(x) - array[${skipped.map(literal).join(', ')}])::text`
      : 'to_jsonb(x)::text';
    const where =
      table === 'activity_log' ? ` where x.action not in (${REFUSALS_RECORDED.map(literal).join(', ')})` : '';
    return `select ${literal(table)} as name, ${row} as line from ${quote(table)} x${where}`;
  });
  return `select name, md5(string_agg(line, E'\\n' order by line)) as hash from (${parts.join(
    ' union all ',
  )}) all_rows group by name`;
}

async function digestInProcess(db: Kysely<unknown>, tables: readonly string[]): Promise<DatabaseDigest> {
  const digests = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      const skipped = BOOKKEEPING_COLUMNS[table] ?? [];
      const lines = rows
        .filter((row) => !(table === 'activity_log' && REFUSALS_RECORDED.includes(String(row.action))))
        .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skipped.includes(column))))
        .sort();
      if (lines.length === 0) return [table, 'empty'] as const;
      const hash = createHash('sha1');
      for (const line of lines) hash.update(line).update('\n');
      return [table, hash.digest('hex')] as const;
    }),
  );
  return new Map(digests);
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
