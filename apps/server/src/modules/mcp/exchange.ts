import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../../core/access/access.js';
import type { App } from '../../core/http/app-type.js';
import type { Principal } from '../../core/http/principal.js';
import { operationOf } from '../../core/http/request-actor.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { clientOfInitialize, clientOfSession, sessionIdFor } from './client-session.js';
import { billOf, type UpfrontGroup } from './message-budget.js';
import { RestRelay } from './relay.js';
import { mcpServer } from './server.js';
import { McpSession } from './session.js';

/** What routes.ts has checked: an API token's caller on a site where MCP is on. */
export interface Checked {
  site: Site;
  access: Access;
  principal: Principal;
  settings: { enabled: boolean; read_only: boolean };
  messages: unknown[];
  /** The API's version, told to the client. */
  version: string;
  /** Spends one request of the caller's budget in a group; throws 429 once it is spent. */
  charge(group: UpfrontGroup): Promise<void>;
}

/** One MCP exchange: a new SDK server and transport answer the request's messages, in JSON. */
export async function answer(
  app: App,
  runtime: Runtime,
  request: FastifyRequest,
  reply: FastifyReply,
  { site, access, principal, settings, messages, version, charge }: Checked,
): Promise<FastifyReply> {
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
  // Before anything runs: a spent budget stops a plugin's tool or a download, not only its answer.
  const bill = await billOf(messages, session);
  for (const group of bill.upfront) await charge(group);
  const server = mcpServer(session, version);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
    // A call priced as relayed that made no REST request (the transport refused it before it ran)
    // has charged nothing yet: it costs a general request, so no message is free.
    for (let unpaid = bill.relayed - rest.chargedRequests; unpaid > 0; unpaid--) await charge('general');
    if (announced) reply.header('mcp-session-id', sessionIdFor(announced));
    return await send(reply, response);
  } finally {
    await server.close();
  }
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

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
