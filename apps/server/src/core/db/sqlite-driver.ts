import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The Node-API version better-sqlite3 13 is built for: Node 22.14 and later, and Node 24. */
const NODE_API_OF_BETTER_SQLITE3_13 = 10;

/**
 * The better-sqlite3 this Node runs safely. Release 12 wraps its objects in `node::ObjectWrap`,
 * which since Node 24.19 removes an environment cleanup hook in its destructor and aborts the
 * process (`Assertion failed: (env) != nullptr`) when the garbage collector frees a statement
 * while no JavaScript context is entered (an idle GC, or at exit). Release 13 is built on
 * Node-API and has no such hook, but needs Node-API 10, which Node 20 lacks. Both have the same
 * JavaScript interface; the package `better-sqlite3-napi` is release 13 under an npm alias.
 */
export function sqliteDriverName(nodeApiVersion: number): 'better-sqlite3' | 'better-sqlite3-napi' {
  return nodeApiVersion >= NODE_API_OF_BETTER_SQLITE3_13 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

let driver: typeof SQLite | null = null;

/** Loaded on first use, so a PostgreSQL installation never loads either. */
export function sqliteDriver(): typeof SQLite {
  if (driver) return driver;
  const name = sqliteDriverName(Number(process.versions.napi ?? 0));
  try {
    driver = require(name) as typeof SQLite;
  } catch (error) {
    // Release 12 is an optional dependency (Node 22 and 24 never load it), so on Node 20 a failed
    // build at install time shows up here rather than failing `npm ci` for everyone.
    if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      name === 'better-sqlite3'
        ? `better-sqlite3 12 is not installed: on Node ${process.versions.node} SQLite needs it built ` +
            'at install time (python3, make and a C++ compiler); or run Tessera on Node 22 or 24'
        : `${name} is missing from node_modules: run npm ci`,
    );
  }
  return driver;
}
