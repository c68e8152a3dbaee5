import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** The transaction open in the current async flow, if any. */
interface OpenTransaction {
  connection: SerialConnection | null;
  /** Effects to run once the transaction has committed. */
  readonly afterCommit: Array<() => unknown>;
}

const openTransactions = new AsyncLocalStorage<OpenTransaction>();

/**
 * Runs `work` so that every query issued from its async flow, through any handle of the database
 * (the transaction's own, the root handle captured earlier, a repo built before the transaction),
 * goes to the one connection of the transaction that `work` opens.
 *
 * Why: on SQLite there is one connection behind a mutex, so a query through the root handle inside
 * a transaction would wait for the transaction to end, which waits for the query: a hang. On
 * PostgreSQL it would take another pooled connection and run outside the transaction, unseen by
 * its rollback. Routing by async flow makes both impossible for modules and plugins alike.
 */
export async function runInTransactionScope<R>(work: () => Promise<R>): Promise<R> {
  const open: OpenTransaction = { connection: null, afterCommit: [] };
  const result = await openTransactions.run(open, work);
  // Outside the scope: what the effects query runs on connections of its own.
  for (const effect of open.afterCommit) await effect();
  return result;
}

/**
 * Defers `effect` until the transaction open in this async flow has committed (dropped if it rolls
 * back); with none open, runs it at once. Effects run in order and are awaited by the transaction's
 * caller, so an answer is sent only after them; a throwing effect propagates there.
 */
export async function afterCommit(effect: () => unknown): Promise<void> {
  const open = openTransactions.getStore();
  if (open?.connection) open.afterCommit.push(effect);
  else await effect();
}

/** True while the current async flow is inside a transaction opened through `runInTransactionScope`. */
export function inOpenTransaction(): boolean {
  return openTransactions.getStore()?.connection != null;
}

/** Wraps a dialect so its driver lends the open transaction's connection to every query of that flow. */
export function routedToOpenTransaction(dialect: Dialect): Dialect {
  return {
    createDriver: () => new TransactionRoutingDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}

class TransactionRoutingDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const open = openTransactions.getStore();
    if (!open) return this.inner.acquireConnection();
    if (open.connection) return open.connection;
    // The connection that is about to begin this flow's transaction.
    return new SerialConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(unwrap(connection), settings);
    const open = openTransactions.getStore();
    if (open && open.connection === null && connection instanceof SerialConnection)
      open.connection = connection;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(unwrap(connection));
    } finally {
      this.close(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(unwrap(connection));
    } finally {
      this.close(connection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A query borrowed the open transaction's connection: the transaction releases it, later.
    if (openTransactions.getStore()?.connection === connection) return;
    await this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private close(connection: DatabaseConnection): void {
    const open = openTransactions.getStore();
    if (open?.connection === connection) open.connection = null;
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof SerialConnection ? connection.inner : connection;
}

/**
 * A transaction's connection shared by the branches of one operation (`Promise.all` over repos):
 * its queries run one after another, as a single database connection requires.
 */
class SerialConnection implements DatabaseConnection {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const run = this.tail.then(() => this.inner.executeQuery<R>(query));
    this.tail = run.catch(() => undefined);
    return run;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
