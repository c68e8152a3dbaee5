import { type AdminApi, AdminApiError, type AdminQuery } from '@tessera/plugin/admin';
import { api, toApiError } from '../api.js';
import { i18next } from '../i18n/index.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A plugin's client of its own routes, `/api/<plugin>/...`: the admin's client underneath, so the
 * session cookie, the CSRF token and a session that ended (401) are handled as for the admin's own
 * calls. The paths are the plugin's, outside the SDK's types.
 */
export function pluginApi(plugin: string): AdminApi {
  return client(`/api/${plugin}`, (path) => {
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new TypeError(`admin.api paths start with / (the plugin's own, after /api/${plugin})`);
  });
}

/** `admin.core`: the core's routes, by their full path, with the same session as the admin's. */
export const coreApi: AdminApi = client('', (path) => {
  if (typeof path !== 'string' || !path.startsWith('/api/'))
    throw new TypeError('admin.core paths are the core API’s, starting with /api/');
});

function client(prefix: string, check: (path: unknown) => void): AdminApi {
  const call =
    (method: Method) =>
    async <T>(path: string, input?: unknown): Promise<T> => {
      check(path);
      const init =
        method === 'get'
          ? { params: { query: (input ?? {}) as AdminQuery } }
          : input === undefined
            ? {}
            : { body: input };
      // The typed client knows the core's paths only: a plugin's are given to it as they are.
      const answer = await api
        .request(method as never, `${prefix}${path}` as never, init as never)
        .catch(() => null);
      // No answer at all (offline, the server down): no envelope, the admin's own words for it.
      if (!answer) throw new AdminApiError({ status: 0, message: i18next.t('app.networkError') });
      const { data, error, response } = answer;
      if (response.ok) return ((data as { data?: T } | undefined)?.data ?? null) as T;
      const envelope = toApiError(error, response);
      throw new AdminApiError({
        status: response.status,
        message: envelope.message,
        code: envelope.code ?? null,
        errors: envelope.errors,
        requestId: envelope.request_id ?? null,
      });
    };
  return Object.freeze({
    get: call('get'),
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
  });
}
