import type { Runtime } from '../../core/runtime.js';
import { AccessResolver } from './access/resolver.js';
import { SESSION_COOKIE, Sessions } from './auth/repo-sessions.js';
import { declareIdentityHooks } from './hooks.js';
import { registerCorePermissions } from './permissions.js';
import { ApiTokens } from './tokens/repo.js';

/** The identity machinery of one runtime, shared by the HTTP hooks, the routes and the CLI. */
export interface Identity {
  readonly resolver: AccessResolver;
  readonly sessions: Sessions;
  readonly tokens: ApiTokens;
}

const byRuntime = new WeakMap<Runtime, Identity>();

export function identityOf(runtime: Runtime): Identity {
  let identity = byRuntime.get(runtime);
  if (!identity) {
    registerCorePermissions(runtime.permissions);
    declareIdentityHooks(runtime.hooks);
    identity = {
      resolver: new AccessResolver(runtime.data, runtime.permissions),
      sessions: new Sessions(runtime.data.global, runtime.config.sessions),
      tokens: new ApiTokens(runtime.data.global),
    };
    byRuntime.set(runtime, identity);
    const { resolver, tokens } = identity;
    runtime.caches.register(
      'access',
      () => resolver.forgetAll(),
      (key) => resolver.forgetUser((key as { userId: number }).userId),
    );
    runtime.caches.register(
      'api_tokens',
      () => tokens.forgetAll(),
      (key) => tokens.forget(key as { tokenId: number } | { userId: number }),
    );
  }
  return identity;
}

/**
 * Whether a request's cookies hold a live session of the site: for the public site, where nothing
 * authenticates (conditional blocks, member-only entries). Costs a query only when a cookie came.
 */
export async function hasSession(
  runtime: Runtime,
  cookies: Readonly<Record<string, string | undefined>>,
  siteId: number,
): Promise<boolean> {
  const cookie = cookies[SESSION_COOKIE];
  return Boolean(cookie && (await identityOf(runtime).sessions.resume(cookie, siteId)));
}
