import type { PluginErrors } from '@tessera/plugin';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Refuses a change a page of another origin sends (403 `ecommerce_origin_refused`). The shop's
 * public JSON routes find the buyer by the session cookie alone, with no form token; browsers send
 * `Origin` with every cross-origin request, so one naming another host is another site's script.
 */
export function sameOriginGuard(errors: PluginErrors) {
  return (headers: Headers): void => {
    const origin = headers.origin;
    if (typeof origin !== 'string' || origin === 'null') return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== headers.host)
      throw new errors.Forbidden(
        'The shop takes changes from the site’s own pages only.',
        'ecommerce_origin_refused',
      );
  };
}
