import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  addFieldError,
  BadRequest,
  type FieldErrors,
  fieldErrors,
  UnsupportedMediaType,
  ValidationFailed,
} from '../../core/errors.js';
import { type ReceivedFile, receiveFile, type SizeLimit } from './files/receive.js';

/** The fields of spec 2.5 (and title and caption, which the library also edits). */
export interface UploadForm {
  file: ReceivedFile;
  originalName: string;
  folderId: number | null;
  altText: string;
  title: string;
  caption: string;
}

const TEXT_FIELDS = { alt_text: 1000, title: 255, caption: 2000 } as const;
type TextField = keyof typeof TEXT_FIELDS;

/**
 * Reads a multipart upload: the `file` part streams to a temporary file (see receiveFile), the text
 * parts are checked, anything else is refused. Fields may come before or after the file. On any
 * failure the temporary file is gone before the error is thrown.
 */
export async function readUploadForm(
  request: FastifyRequest,
  dir: string,
  limitOf: SizeLimit,
): Promise<UploadForm> {
  if (!request.isMultipart())
    throw new UnsupportedMediaType('Send the file as multipart/form-data, in a part named file.');
  const errors: FieldErrors = fieldErrors();
  const text: Record<TextField, string> = { alt_text: '', title: '', caption: '' };
  let folderId: number | null = null;
  let file: ReceivedFile | null = null;
  let originalName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          addFieldError(errors, part.fieldname, 'Send one file, in the part named file.');
          continue;
        }
        originalName = part.filename;
        file = await receiveFile(part.file, dir, limitOf);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      if (part.fieldname === 'folder_id') {
        if (value.trim() === '') continue;
        const id = /^\d{1,10}$/.test(value.trim()) ? Number(value) : Number.NaN;
        if (!Number.isSafeInteger(id) || id < 1) addFieldError(errors, 'folder_id', 'Must be a folder id.');
        else folderId = id;
      } else if (part.fieldname in TEXT_FIELDS) {
        const name = part.fieldname as TextField;
        if ([...value].length > TEXT_FIELDS[name])
          addFieldError(errors, name, `Must be at most ${TEXT_FIELDS[name]} characters.`);
        else text[name] = value.trim();
      } else
        addFieldError(
          errors,
          part.fieldname,
          'Unknown field: send file, folder_id, alt_text, title or caption.',
        );
    }
    if (!file) addFieldError(errors, 'file', 'A file is required.');
    if (Object.keys(errors).length > 0 || !file) throw new ValidationFailed(errors);
    return { file, originalName, folderId, altText: text.alt_text, title: text.title, caption: text.caption };
  } catch (error) {
    await file?.discard();
    throw malformedBodyAsBadRequest(error);
  }
}

/**
 * The multipart parser's own refusals (a body cut short, a part without its header) are plain
 * Errors, raised on a later tick than the last part: depending on which comes first, the same
 * broken body ended in 422 (no file) or in a 500. Ours are typed, and the file system's carry a code.
 */
function malformedBodyAsBadRequest(error: unknown): unknown {
  if (error instanceof Error && error.constructor === Error && !('code' in error))
    return new BadRequest('The multipart body is malformed or cut short.');
  return error;
}
