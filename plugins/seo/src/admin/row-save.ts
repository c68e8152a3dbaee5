import { AdminApiError } from '@tessera/plugin/admin';
import type { StoredEntry } from './queries.js';

/** What a row of the bulk editor edits. */
export interface RowValues {
  title: string;
  description: string;
}

const TITLE = 'seo.title';
const DESCRIPTION = 'seo.description';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The SEO title and description as stored (an emptied field is stored null). */
export function storedValues(entry: Pick<StoredEntry, 'fields'>): RowValues {
  return { title: text(entry.fields[TITLE]), description: text(entry.fields[DESCRIPTION]) };
}

/**
 * The body of the row's PUT. A save that sends `fields` keeps the plugins' values it leaves out,
 * but not the type's own (the body text, say): every value goes back as it was loaded, with the
 * two changed. The version makes a change someone saved since the list loaded a 409, not a loss.
 */
export function saveBody(entry: Pick<StoredEntry, 'fields' | 'version'>, values: RowValues) {
  return {
    version: entry.version,
    fields: { ...entry.fields, [TITLE]: values.title.trim(), [DESCRIPTION]: values.description.trim() },
  };
}

/** What became of a save that failed, as the row says it. */
export type SaveFailure =
  | { kind: 'conflict' }
  | { kind: 'invalid'; title: string | null; description: string | null; others: string[] }
  | { kind: 'failed'; message: string };

export function failureOf(error: unknown): SaveFailure {
  if (!(error instanceof AdminApiError)) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  if (error.status === 409) return { kind: 'conflict' };
  if (error.status !== 422) return { kind: 'failed', message: error.message };
  const at = (path: string) => error.errors[`fields.${path}`]?.join(' ') ?? null;
  const others = Object.entries(error.errors)
    .filter(([path]) => path !== `fields.${TITLE}` && path !== `fields.${DESCRIPTION}`)
    .flatMap(([, messages]) => messages);
  // A 422 without field messages still says why.
  return {
    kind: 'invalid',
    title: at(TITLE),
    description: at(DESCRIPTION),
    others: others.length > 0 || at(TITLE) || at(DESCRIPTION) ? others : [error.message],
  };
}
