import { runCli } from '../src/cli/program.js';

/**
 * Points the process environment (which `tessera` commands read) at a test database for in-process
 * runs of `runCli`, and returns the function that puts every touched variable back.
 */
export function pointCliAt(
  databaseEnv: Record<string, string>,
  extra: Record<string, string> = {},
): () => void {
  const values: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: databaseEnv.DATA_DIR ?? '',
    // Empty reads as unset: the SQLite leg must not inherit the PostgreSQL leg's DATABASE_URL.
    DATABASE_URL: databaseEnv.DATABASE_URL ?? '',
    SECRET_KEY: databaseEnv.SECRET_KEY ?? '',
    REDIS_URL: '',
    ...extra,
  };
  const saved = new Map(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** Runs `tessera <argv>` in-process and captures its exit code and output. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join(''), err: err.join('') };
}
