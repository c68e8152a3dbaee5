import { open } from 'node:fs/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  addFieldError,
  BadRequest,
  type FieldErrors,
  fieldErrors,
  UnsupportedMediaType,
  ValidationFailed,
} from '../../../core/errors.js';
import { MAX_ID } from '../../../core/http/input-schemas.js';
import { type ReceivedFile, receiveFile } from '../../media/files/receive.js';

/**
 * The largest CSV an import takes: 50 MiB, some 500,000 subscribers of a name and an address.
 * Larger lists are split into several files.
 */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Which column (by its header) holds each of a subscriber's fields. */
export interface ImportMapping {
  email: string;
  name: string | null;
  language: string | null;
}

export interface ImportForm {
  file: ReceivedFile;
  fileName: string;
  mapping: ImportMapping;
  lists: number[];
  status: 'subscribed' | 'pending';
}

/**
 * Reads an import's multipart body: the `file` part streams to a temporary file (413 past
 * IMPORT_MAX_BYTES, and nothing kept), `mapping` and `lists` are JSON, `status` a word. A file whose
 * first bytes are not text (an image, a spreadsheet's zip) is refused. On any failure the
 * temporary file is gone before the error is thrown.
 */
export async function readImportForm(request: FastifyRequest, dir: string): Promise<ImportForm> {
  if (!request.isMultipart())
    throw new UnsupportedMediaType('Send the import as multipart/form-data, the CSV in a part named file.');
  const errors = fieldErrors();
  let file: ReceivedFile | null = null;
  let fileName = '';
  let mapping: ImportMapping | null = null;
  let lists: number[] = [];
  let status: ImportForm['status'] = 'subscribed';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          addFieldError(errors, part.fieldname, 'Send one file, in the part named file.');
          continue;
        }
        fileName = part.filename.slice(0, 255);
        file = await receiveFile(part.file, dir, () => IMPORT_MAX_BYTES);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === 'mapping') mapping = mappingOf(value, errors);
      else if (part.fieldname === 'lists') lists = listIdsOf(value, errors);
      else if (part.fieldname === 'status') {
        if (value === 'subscribed' || value === 'pending') status = value;
        else addFieldError(errors, 'status', 'Must be subscribed or pending.');
      } else addFieldError(errors, part.fieldname, 'Unknown field: send file, mapping, lists or status.');
    }
    if (!file) addFieldError(errors, 'file', 'A file is required.');
    else if (!(await looksLikeText(file))) addFieldError(errors, 'file', 'The file must be CSV text.');
    if (!mapping && !errors.mapping) addFieldError(errors, 'mapping', 'Say which column holds the email.');
    if (Object.keys(errors).length > 0 || !file || !mapping) throw new ValidationFailed(errors);
    return { file, fileName, mapping, lists, status };
  } catch (error) {
    await file?.discard();
    if (error instanceof Error && error.constructor === Error && !('code' in error))
      throw new BadRequest('The multipart body is malformed or cut short.');
    throw error;
  }
}

/** Text has no kind file-type knows, and no NUL byte in its first kilobytes (UTF-16 is not taken). */
async function looksLikeText(file: ReceivedFile): Promise<boolean> {
  if (file.headKind) return false;
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return !head.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

const HEADER = { type: 'string', maxLength: 200 } as const;

function mappingOf(value: string, errors: FieldErrors): ImportMapping | null {
  const parsed = jsonOf(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    addFieldError(errors, 'mapping', 'Must be a JSON object such as {"email": "Email", "name": "Name"}.');
    return null;
  }
  const given = parsed as Record<string, unknown>;
  const column = (name: keyof ImportMapping, required: boolean): string | null => {
    const header = given[name];
    if (header === undefined || header === null || header === '') {
      if (required) addFieldError(errors, `mapping.${name}`, 'Name the column that holds the email.');
      return null;
    }
    if (typeof header !== HEADER.type || (header as string).length > HEADER.maxLength) {
      addFieldError(errors, `mapping.${name}`, 'Must be the header of a column of the file.');
      return null;
    }
    return header as string;
  };
  for (const key of Object.keys(given))
    if (!['email', 'name', 'language'].includes(key))
      addFieldError(errors, `mapping.${key}`, 'Unknown field: map email, name and language.');
  const email = column('email', true);
  const mapping = { email: email ?? '', name: column('name', false), language: column('language', false) };
  return email === null ? null : mapping;
}

function listIdsOf(value: string, errors: FieldErrors): number[] {
  const parsed = value.trim() === '' ? [] : jsonOf(value);
  const ids = Array.isArray(parsed) ? parsed : null;
  if (!ids || ids.length > 200 || ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) {
    addFieldError(errors, 'lists', 'Must be a JSON array of list ids, such as [1, 2].');
    return [];
  }
  return [...new Set(ids as number[])];
}

function jsonOf(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
