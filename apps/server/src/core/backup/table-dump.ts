import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { readJson } from '../db/engine.js';
import { quoteName, type Row, type RowReader, type TableShape } from './tables.js';

/** One table in the archive: `db/<name>.jsonl`, a header line of column names, then a row per line. */
export interface DumpedTable {
  name: string;
  rows: number;
  size: number;
  sha256: string;
}

/** A file of the store the dumped rows reference, with the type to store it back under. */
export type FileKeys = Map<string, string>;

const BATCH = 500;

/**
 * Writes a table's rows to `path`, in a stable order (by id where there is one), each row an array
 * of its values. JSON columns are written as their text on both engines, so a backup restores into
 * either. The media table's rows also name the files the backup must hold.
 */
export async function dumpTable(
  reader: RowReader,
  shape: TableShape,
  path: string,
  files: FileKeys,
): Promise<DumpedTable> {
  const out = createWriteStream(path);
  const hash = createHash('sha256');
  let size = 0;
  const write = async (line: string) => {
    const bytes = Buffer.from(`${line}\n`);
    hash.update(bytes);
    size += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  await write(JSON.stringify(shape.columns));
  const order = shape.columns.includes('id') ? '"id"' : shape.columns.map((_, i) => i + 1).join(', ');
  const text = `select ${shape.columns.map(quoteName).join(', ')} from ${quoteName(shape.name)} order by ${order}`;
  let rows = 0;
  for await (const batch of reader.batches(text, BATCH)) {
    for (const row of batch) {
      if (shape.name === 'media') noteMediaFiles(row, files);
      await write(
        JSON.stringify(shape.columns.map((column) => cell(row[column], shape.jsonColumns.includes(column)))),
      );
      rows += 1;
    }
  }
  out.end();
  await once(out, 'finish');
  return { name: shape.name, rows, size, sha256: hash.digest('hex') };
}

function cell(value: unknown, json: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (json) return typeof value === 'string' ? value : JSON.stringify(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** An item's file, its kept original, and each variant (`{ name: { key, ... } }`). */
function noteMediaFiles(row: Row, files: FileKeys): void {
  const type = typeof row.mime_type === 'string' ? row.mime_type : 'application/octet-stream';
  if (typeof row.storage_key === 'string') files.set(row.storage_key, type);
  if (typeof row.original_key === 'string') files.set(row.original_key, type);
  const variants = readJson<Record<string, { key?: unknown }>>(row.variants, {});
  for (const variant of Object.values(variants))
    if (typeof variant?.key === 'string') files.set(variant.key, 'image/webp');
}

/** The rows of a dumped table, in batches of objects keyed by the column names of its header line. */
export async function* dumpedRows(path: string, size: number): AsyncIterable<Row[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let columns: string[] | null = null;
  let batch: Row[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    const values = JSON.parse(line) as unknown[];
    if (!columns) {
      columns = values as string[];
      continue;
    }
    const row: Row = {};
    columns.forEach((column, i) => {
      row[column] = values[i];
    });
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
