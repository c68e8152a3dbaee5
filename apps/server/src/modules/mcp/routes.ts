import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Unauthenticated } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import { RateLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import { operationOf } from '../../core/http/request-actor.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import { settingsOf } from '../settings/service.js';
import { clientOfInitialize, clientOfSession, sessionIdFor } from './client-session.js';
import { RestRelay } from './relay.js';
import { mcpServer } from './server.js';
import { McpSession } from './session.js';

/**
 * POST /api/mcp: the Streamable HTTP transport of MCP, stateless. Each request gets a new SDK
 * Server and transport and is answered with JSON, so any instance behind a load balancer can answer
 * any request and nothing lives between requests. GET (a server-to-client event stream) and DELETE
 * (ending a session) have nothing to do here: the not-found handler answers them 405, which the
 * specification allows and clients expect.
 *
 * Not in the OpenAPI document: its contract is the MCP specification, not a REST resource.
 */
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
      if (!relaysEveryMessage(runtime, site.id, messages))
        await limiter.charge(...budgetOf(request), reply, request.log);

      const announced = messages.map(clientOfInitialize).find((client) => client !== null);
      const client = announced ?? clientOfSession(header(request, 'mcp-session-id'));
      const rest = new RestRelay(app, {
        siteId: site.id,
        userId: principal.userId,
        host: header(request, 'host') ?? site.primary_domain,
        authorization: header(request, 'authorization') ?? '',
        ip: request.ip,
        client: `mcp:${client.name}`,
      });
      const session = new McpSession(runtime, app, { site, access, readOnly: settings.read_only }, rest, () =>
        operationOf(runtime, request),
      );
      const server = mcpServer(session, version());
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const answer = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
        if (announced) reply.header('mcp-session-id', sessionIdFor(announced));
        return await send(reply, answer);
      } finally {
        await server.close();
      }
    },
  );
}

/**
 * A tool call or resource read is charged by the REST requests it makes, in their own groups
 * (`upload` for an upload, `search` for a search); charging the MCP message too would count it
 * twice. Every other message (initialize, lists, a plugin's tool, which makes no REST request)
 * costs one `general` request, so nothing an AI client sends is free.
 */
function relaysEveryMessage(runtime: Runtime, siteId: number, messages: readonly unknown[]): boolean {
  const pluginTools = new Set(
    pluginsOf(runtime)
      .mcpEntries(siteId)
      .flatMap((entry) => (entry.kind === 'tool' ? [entry.name] : [])),
  );
  return messages.every((message) => {
    const { method, params } = (message ?? {}) as {
      method?: unknown;
      params?: { name?: unknown; uri?: unknown };
    };
    if (method === 'tools/call') return typeof params?.name === 'string' && !pluginTools.has(params.name);
    if (method === 'resources/read')
      return typeof params?.uri === 'string' && !params.uri.startsWith('tessera://plugins/');
    return false;
  });
}

function budgetOf(request: FastifyRequest) {
  const budget = rateLimitBudget('general', request.principal, request.ip);
  return [budget.group, budget.key] as const;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The Fastify request as the web-standard Request the SDK transport reads (its body is already parsed). */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return new Request(`http://${header(request, 'host') ?? 'localhost'}${request.url}`, {
    method: request.method,
    headers,
  });
}

async function send(reply: FastifyReply, answer: Response): Promise<FastifyReply> {
  reply.code(answer.status);
  const type = answer.headers.get('content-type');
  if (type) reply.type(type);
  const text = await answer.text();
  return reply.send(text || undefined);
}
