import { createTesseraClient, type paths } from '@tessera/sdk';
import type { Middleware } from 'openapi-fetch';
import { i18next } from './i18n/index.js';

/** The error envelope of every failed API call (spec 7). */
export interface ApiError {
  message: string;
  errors: Record<string, string[]>;
  code?: string;
  request_id?: string;
}

let csrfToken: string | null = null;
let asking: Promise<string | null> | null = null;

/** Kept from the sign-in answer; a reloaded page asks GET /api/auth/csrf again. */
export function rememberCsrf(token: string | null): void {
  csrfToken = token;
}

/**
 * The session's CSRF token for an unsafe request: the one kept, else asked of the server once (a
 * reloaded page). `renew` asks again, for a caller whose token the server refused. Null when signed out.
 */
export async function sessionCsrfToken(renew = false): Promise<string | null> {
  if (renew) csrfToken = null;
  if (csrfToken !== null) return csrfToken;
  // A GET: the middleware below lets it through untouched, so asking never loops.
  asking ??= api
    .GET('/api/auth/csrf')
    .then(({ data: body }) => body?.data.csrf_token ?? null)
    .catch(() => null)
    .finally(() => {
      asking = null;
    });
  csrfToken = await asking;
  return csrfToken;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Listeners told when a call answers 401 outside signing in: the session ended. */
const expiredListeners = new Set<() => void>();

export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** The calls made before there is a session (public routes): no CSRF token to ask for, or the ask is a 401. */
const BEFORE_SIGN_IN = /^\/api\/(auth\/(login|two-factor|password\/forgot|password\/reset)|setup)$/;

/**
 * The interface's language, for the server to say its messages in: a signed-in user's profile
 * decides on the server too, but before sign-in (and for a profile that names no language) this does.
 */
export function acceptLanguage(): string {
  return i18next.isInitialized ? i18next.language : navigator.language;
}

const session: Middleware = {
  async onRequest({ request }) {
    request.headers.set('accept-language', acceptLanguage());
    if (!UNSAFE.has(request.method) || BEFORE_SIGN_IN.test(new URL(request.url).pathname)) return request;
    const token = await sessionCsrfToken();
    if (token) request.headers.set('x-csrf-token', token);
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

/** A path of the API with no parameter inside it (the typed client fills those itself). */
type FixedPath = Exclude<keyof paths, `${string}{${string}`>;
/** The query string a GET of the path takes, as the OpenAPI document types it. */
type QueryOf<P extends FixedPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;
type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

/**
 * The address of an API path, for what the typed client cannot send itself: a link the browser
 * follows (a CSV download) or an upload through XMLHttpRequest (for its progress). Typed on the SDK's
 * paths and their query, so renaming a route or a parameter fails the type check here too.
 */
export function apiUrl<P extends FixedPath>(path: P, query?: QueryOf<P>): string {
  const search = new URLSearchParams();
  // As the client sends a query: empty values left out, a list as the name repeated.
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const each of Array.isArray(value) ? value : [value]) search.append(name, String(each));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

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

/** The error envelope of a failed call, as the server wrote it (in the language the request asked for). */
export function toApiError(error: unknown, response?: Response): ApiError {
  if (error && typeof error === 'object' && 'message' in error) {
    const envelope = error as ApiError;
    return { ...envelope, errors: envelope.errors ?? {} };
  }
  return { message: response ? `${response.status} ${response.statusText}` : String(error), errors: {} };
}
