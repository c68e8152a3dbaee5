import type { Engine } from '../db/engine.js';

/** A row as the database answers it, column by column. */
export type Row = Record<string, unknown>;

/** What a backup reads the database through: one consistent view (see snapshot-source.ts). */
export interface RowReader {
  readonly engine: Engine['name'];
  /** The rows of one of the backup's own statements (names quoted, no values from outside). */
  all(text: string): Promise<Row[]>;
  /** The rows of an ordered query, in batches, so a large table is never held whole. */
  batches(text: string, size: number): AsyncIterable<Row[]>;
}

/** One table of the installation as a backup sees it. */
export interface TableShape {
  name: string;
  columns: string[];
  /** PostgreSQL's jsonb columns: written as their JSON text, as SQLite keeps them. */
  jsonColumns: string[];
  /** The tables its foreign keys point at (itself left out). */
  references: string[];
}

/**
 * Tables a backup leaves out: the migrator's own (the target keeps its version), the installation's
 * switches (the cache epoch, which must only move forward), and the search index, whose shape
 * differs between the engines and is rebuilt from the entries after a restore.
 */
const LEFT_OUT =
  /^(tessera_migrations|tessera_migrations_lock|system_state|search_index(_.*)?|search_documents)$/;

/**
 * Tables that triggers keep from others' rows (a type's entry counts, from its entries): a restore
 * fills them last, after emptying what the triggers wrote while the other tables were filled.
 */
export const KEPT_BY_TRIGGERS = new Set(['entry_counts']);

export const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quoteText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The installation's tables, each before the tables whose foreign keys point at it. */
export async function tablesOf(reader: RowReader): Promise<TableShape[]> {
  const shapes = reader.engine === 'sqlite' ? await sqliteTables(reader) : await postgresTables(reader);
  return inDependencyOrder(shapes.filter((shape) => !LEFT_OUT.test(shape.name)));
}

async function sqliteTables(reader: RowReader): Promise<TableShape[]> {
  const tables = await reader.all(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL TABLE%' order by name",
  );
  const shapes: TableShape[] = [];
  for (const { name } of tables as { name: string }[]) {
    const columns = (
      await reader.all(`select name from pragma_table_info(${quoteText(name)}) order by cid`)
    ).map((column) => String(column.name));
    const references = (
      await reader.all(`select "table" from pragma_foreign_key_list(${quoteText(name)})`)
    ).map((key) => String(key.table));
    shapes.push({ name, columns, jsonColumns: [], references: unique(references, name) });
  }
  return shapes;
}

async function postgresTables(reader: RowReader): Promise<TableShape[]> {
  const columns = await reader.all(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const keys = await reader.all(
    `select tc.table_name, ccu.table_name as referenced
     from information_schema.table_constraints tc
     join information_schema.constraint_column_usage ccu
       on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`,
  );
  const byName = new Map<string, TableShape>();
  for (const column of columns) {
    const name = String(column.table_name);
    const shape = byName.get(name) ?? { name, columns: [], jsonColumns: [], references: [] };
    shape.columns.push(String(column.column_name));
    if (column.data_type === 'jsonb' || column.data_type === 'json')
      shape.jsonColumns.push(String(column.column_name));
    byName.set(name, shape);
  }
  for (const key of keys) {
    const shape = byName.get(String(key.table_name));
    if (shape) shape.references = unique([...shape.references, String(key.referenced)], shape.name);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function unique(names: string[], self: string): string[] {
  return [...new Set(names)].filter((name) => name !== self).sort();
}

/**
 * Referenced tables first (sites before entries before revisions), so rows can be inserted in this
 * order and deleted in the reverse. A cycle, which Tessera's schema does not have, is broken by name.
 */
export function inDependencyOrder(shapes: TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((shape) => [shape.name, shape]));
  const ordered: TableShape[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (shape: TableShape) => {
    if (state.get(shape.name)) return;
    state.set(shape.name, 'visiting');
    for (const name of shape.references) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced);
    }
    state.set(shape.name, 'done');
    ordered.push(shape);
  };
  for (const shape of shapes) visit(shape);
  return ordered;
}
