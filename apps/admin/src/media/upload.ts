import { type ApiError, acceptLanguage, api, apiUrl, sessionCsrfToken, toApiError } from '../api.js';
import type { Media } from './model.js';

/** The code of an upload that never got an answer (network down, or the server closed the connection). */
export const NETWORK_ERROR = 'network_error';

/** What a multipart POST answered: its status and its body (JSON), status 0 when none came. */
export interface MultipartAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

function send(
  path: string,
  form: FormData,
  token: string | null,
  options: ProgressOptions,
): Promise<MultipartAnswer> {
  return new Promise((resolve) => {
    // XMLHttpRequest, not fetch: only it reports how much of the body has gone out.
    const request = new XMLHttpRequest();
    request.open('POST', path);
    if (token) request.setRequestHeader('x-csrf-token', token);
    request.setRequestHeader('accept-language', acceptLanguage());
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      resolve({ status: request.status, statusText: request.statusText, body: request.response });
    request.onerror = () => resolve({ status: 0, statusText: '', body: null });
    request.onabort = request.onerror;
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export interface ProgressOptions {
  /** From 0 to 1 as the file goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form to `path` (an `apiUrl`) with the session's CSRF token, renewed once when
 * it was stale, reporting the upload's progress. Resolves with the answer when its status is
 * `expected`; throws the error envelope else (code NETWORK_ERROR when no answer came).
 */
export async function postMultipart(
  path: string,
  form: FormData,
  expected: number,
  options: ProgressOptions = {},
): Promise<unknown> {
  let answer = await send(path, form, await sessionCsrfToken(), options);
  if (answer.status === 403 && errorOf(answer).code === 'csrf_token_invalid')
    answer = await send(path, form, await sessionCsrfToken(true), options);
  if (answer.status === expected) return answer.body;
  // The session ended: an ordinary call answering 401 lets the shell send the user to sign in.
  if (answer.status === 401) void api.GET('/api/me');
  throw errorOf(answer);
}

export interface UploadOptions extends ProgressOptions {
  folderId?: number | null;
}

/**
 * Uploads one file to the library (POST /api/media/upload, multipart): the new item, or the error
 * envelope thrown — 415, 413 and 422 say why in the server's words; no answer at all throws code
 * NETWORK_ERROR.
 */
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<Media> {
  const form = new FormData();
  if (options.folderId) form.append('folder_id', String(options.folderId));
  form.append('file', file, file.name);
  const body = await postMultipart(apiUrl('/api/media/upload'), form, 201, options);
  return (body as { data: Media }).data;
}

function errorOf(answer: MultipartAnswer): ApiError {
  if (answer.status === 0) return { message: '', errors: {}, code: NETWORK_ERROR };
  const body = answer.body as Partial<ApiError> | null;
  // The envelope as every other call gives it.
  if (body && typeof body.message === 'string') return toApiError({ errors: {}, ...body });
  return { message: `${answer.status} ${answer.statusText}`, errors: {} };
}

/** The words that say why an upload was refused: the file's own message (422) before the general one. */
export function refusalOf(error: ApiError): string {
  return error.errors.file?.[0] ?? Object.values(error.errors)[0]?.[0] ?? error.message;
}
