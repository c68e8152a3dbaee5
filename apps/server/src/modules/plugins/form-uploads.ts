import type { MultipartFile } from '@fastify/multipart';
import type { PluginUpload } from '@tessera/plugin';
import type { FastifyRequest } from 'fastify';
import { PayloadTooLarge } from '../../core/errors.js';
import { sniffHead } from '../media/files/file-kind.js';

/** The most a plugin's form may take: files in one post, bytes in one file. */
export const FORM_FILES_CAP = { maxFiles: 20, maxBytes: 50 * 1024 * 1024 };

/** What a multipart post to a plugin's form holds: its text fields and its files. */
export interface PostedParts {
  values: Record<string, string>;
  files: PluginUpload[];
}

/**
 * Reads a multipart form post: text parts as posted values (trimmed; a name sent several times, a
 * group of checkboxes, joined by a line feed), file parts into memory up to `maxBytes` each. A
 * larger file is read through and dropped (`tooLarge`, no bytes), so the form can say so beside its
 * field; a file input left empty (no name, no bytes) is no file; more than `maxFiles` files is 413.
 * Each file's type is sniffed from its bytes, never taken from its name or the browser.
 */
export async function readFormParts(
  request: FastifyRequest,
  limits: { maxFiles: number; maxBytes: number },
): Promise<PostedParts> {
  const values: Record<string, string> = {};
  const files: PluginUpload[] = [];
  // The form's own limits bound what is read: a file past maxBytes is cut off there (and dropped),
  // a file past maxFiles ends the read.
  for await (const part of request.parts({
    limits: { files: limits.maxFiles + 1, fileSize: limits.maxBytes + 1 },
  })) {
    if (part.type !== 'file') {
      const value = (typeof part.value === 'string' ? part.value : String(part.value)).trim();
      values[part.fieldname] = Object.hasOwn(values, part.fieldname)
        ? `${values[part.fieldname]}\n${value}`
        : value;
      continue;
    }
    const file = await readFile(part, limits.maxBytes);
    if (file.filename === '' && file.size === 0) continue;
    if (files.length >= limits.maxFiles)
      throw new PayloadTooLarge(`This form takes at most ${limits.maxFiles} files.`, 'too_many_files');
    files.push(file);
  }
  return { values, files };
}

async function readFile(part: MultipartFile, maxBytes: number): Promise<PluginUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  const tooLarge = size > maxBytes || part.file.truncated;
  const bytes = tooLarge ? null : Buffer.concat(chunks, size);
  return {
    field: part.fieldname,
    filename: part.filename.replace(/\p{Cc}/gu, '').slice(0, 255),
    size,
    type: bytes && bytes.length > 0 ? ((await sniffHead(bytes))?.mime ?? null) : null,
    bytes,
    tooLarge,
  };
}
