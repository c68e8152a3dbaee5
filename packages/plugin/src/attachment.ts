/**
 * A file a plugin's route answers with instead of JSON (a CSV export, an uploaded file): sent as a
 * download, never shown in the browser's tab, never kept by a shared cache.
 */

/** The brand the server recognises, shared by every copy of this package (`Symbol.for`). */
const ATTACHMENT = Symbol.for('tessera.plugin.attachment');

/** What the file's bytes may be: text (sent as UTF-8), bytes, or pieces of either as they come. */
export type AttachmentBody = string | Uint8Array | AsyncIterable<string | Uint8Array>;

export interface PluginAttachment {
  readonly [ATTACHMENT]: true;
  /** The name the browser saves it under (`submissions-2026-12-07.csv`). */
  readonly filename: string;
  /** Its media type (`text/csv; charset=utf-8`); anything that is not one is sent as bytes. */
  readonly contentType: string;
  readonly body: AttachmentBody;
}

/**
 * Answers a route with a file to download: `return attachment({ filename: 'orders.csv', contentType:
 * 'text/csv; charset=utf-8', body: csv })`. Pieces (an async generator) start going out before the
 * whole file is made, for large exports; once the first piece is out, a failure can only cut the
 * download short, so check what can fail before returning.
 */
export function attachment(file: {
  filename: string;
  contentType: string;
  body: AttachmentBody;
}): PluginAttachment {
  return Object.freeze({ [ATTACHMENT]: true as const, ...file });
}

/** Whether a route's answer is a file (`attachment`). */
export function isAttachment(value: unknown): value is PluginAttachment {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[ATTACHMENT] === true
  );
}
