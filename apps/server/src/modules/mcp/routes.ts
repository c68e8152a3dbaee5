import { AppError, Unauthenticated } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import { RateLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import type { Runtime } from '../../core/runtime.js';
import { settingsOf } from '../settings/service.js';

/**
 * POST /api/mcp: the Streamable HTTP transport of MCP, stateless. Each request gets a new SDK
 * Server and transport and is answered with JSON, so any instance behind a load balancer can answer
 * any request and nothing lives between requests. GET (a server-to-client event stream) and DELETE
 * (ending a session) have nothing to do here: the not-found handler answers them 405, which the
 * specification allows and clients expect.
 *
 * Not in the OpenAPI document: its contract is the MCP specification, not a REST resource.
 */
let exchange: Promise<typeof import('./exchange.js')> | undefined;

export function mcpRoutes(app: App, runtime: Runtime): void {
  const limiter = new RateLimiter({ store: runtime.rateLimits, limits: runtime.config.rateLimits });
  // The API's own version, from its OpenAPI document (readable once the app is ready).
  const version = () =>
    (app.swagger() as unknown as { info?: { version?: string } }).info?.version ?? '0.0.0';

  app.post(
    '/api/mcp',
    {
      // The route charges its own budget (below); CSRF does not apply, since sessions are refused.
      config: { permission: 'authenticated', rateLimit: 'none', csrf: 'skip' },
      schema: { hide: true },
    },
    async (request, reply) => {
      const { site, access, principal } = request;
      if (!site || !access || principal?.via !== 'token')
        throw new Unauthenticated(
          'AI clients authenticate with an API token: send Authorization: Bearer <token>.',
          'api_token_required',
        );
      const settings = await settingsOf(runtime, site, 'mcp');
      // 404 rather than 403: on a site that switched it off, the endpoint does not exist, as a
      // plugin's routes do not where the plugin is inactive; the code says why.
      if (!settings.enabled)
        throw new AppError('not_found', 'mcp_disabled', 'AI clients (MCP) are switched off on this site.');
      const messages: unknown[] = Array.isArray(request.body) ? request.body : [request.body];

      // The SDK (a few dozen MiB with its schemas) loads with the first MCP request, not with the
      // server: most installations never get one.
      exchange ??= import('./exchange.js');
      return (await exchange).answer(app, runtime, request, reply, {
        site,
        access,
        principal,
        settings,
        messages,
        version: version(),
        // Each message is charged once: here for what makes no REST request, else by the route it
        // relays to (message-budget.ts).
        charge: (group) => {
          const budget = rateLimitBudget(group, principal, request.ip);
          return limiter.charge(budget.group, budget.key, reply, request.log);
        },
      });
    },
  );
}
