import { createTesseraClient } from '@tessera/sdk';
import type { Middleware } from 'openapi-fetch';
import { serverText } from './i18n/server-text.js';

/** The error envelope of every failed API call (spec 7). */
export interface ApiError {
  message: string;
  errors: Record<string, string[]>;
  code?: string;
  request_id?: string;
}

let csrfToken: string | null = null;

/** Kept from the sign-in answer; a reloaded page asks GET /api/auth/csrf again. */
export function rememberCsrf(token: string | null): void {
  csrfToken = token;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Listeners told when a call answers 401 outside signing in: the session ended. */
const expiredListeners = new Set<() => void>();

export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

const session: Middleware = {
  async onRequest({ request }) {
    if (!UNSAFE.has(request.method)) return request;
    if (csrfToken === null) {
      const answer = await fetch('/api/auth/csrf', { credentials: 'same-origin' });
      if (answer.ok)
        csrfToken = ((await answer.json()) as { data: { csrf_token: string | null } }).data.csrf_token;
    }
    if (csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith('/api/auth/')) {
      csrfToken = null;
      for (const listener of expiredListeners) listener();
    }
    return response;
  },
};

/** The admin's only way to the server: the REST API that integrations use, typed by packages/sdk. */
export const api = createTesseraClient({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(session);

/** The data of an answer, or the error envelope thrown (what TanStack Query shows as an error). */
export async function data<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const { data: body, error, response } = await call;
  if (body) return body.data;
  throw toApiError(error, response);
}

/** A call that answers no body (204): resolves when it succeeded, throws the error envelope else. */
export async function done(call: Promise<{ error?: unknown; response: Response }>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw toApiError(error, response);
}

export interface ListMeta {
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

/** A list's items and paging (spec 2.4), or the error envelope thrown. */
export async function page<T>(
  call: Promise<{ data?: { data: T[]; meta: ListMeta }; error?: unknown; response: Response }>,
): Promise<{ items: T[]; meta: ListMeta }> {
  const { data: body, error, response } = await call;
  if (body) return { items: body.data, meta: body.meta };
  throw toApiError(error, response);
}

/** The error envelope of a failed call, its messages in the interface's language where known. */
export function toApiError(error: unknown, response?: Response): ApiError {
  if (error && typeof error === 'object' && 'message' in error) {
    const envelope = error as ApiError;
    // Already said once: a mutation's error passes here again when a screen shows it.
    if (said.has(envelope)) return envelope;
    const errors = Object.fromEntries(
      Object.entries(envelope.errors ?? {}).map(([field, messages]) => [field, messages.map(serverText)]),
    );
    const localized = { ...envelope, message: serverText(envelope.message), errors };
    said.add(localized);
    return localized;
  }
  return { message: response ? `${response.status} ${response.statusText}` : String(error), errors: {} };
}

const said = new WeakSet<ApiError>();
