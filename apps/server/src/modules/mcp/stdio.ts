import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../core/http/app-type.js';
import type { Site } from '../../core/sites/site.js';

/**
 * Serves MCP over a local transport (stdio for `tessera mcp`) by relaying each message, in order,
 * into POST /api/mcp of an in-process app with the token: the very endpoint HTTP clients use, so
 * the tools, permissions, settings, rate limits and activity entries are the same by construction.
 * Resolves when the transport closes.
 */
export function relayToEndpoint(app: App, site: Site, token: string, transport: Transport): Promise<void> {
  let sessionId: string | undefined;
  let queue = Promise.resolve();
  const relay = async (message: JSONRPCMessage) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: {
        host: site.primary_domain,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
      },
      remoteAddress: '127.0.0.1',
      payload: JSON.stringify(message),
    });
    const issued = response.headers['mcp-session-id'];
    if (typeof issued === 'string') sessionId = issued;
    if (!response.body) return;
    const body = JSON.parse(response.body) as unknown;
    for (const answer of Array.isArray(body) ? body : [body]) {
      if (isJsonRpc(answer)) await transport.send(answer);
      else if ('id' in message && message.id !== undefined)
        await transport.send(refusalOf(message.id, response.statusCode, answer));
    }
  };
  return new Promise((resolve) => {
    transport.onmessage = (message) => {
      queue = queue.then(() => relay(message)).catch((error: Error) => transport.onerror?.(error));
    };
    transport.onclose = () => {
      void queue.then(() => resolve());
    };
    void transport.start();
  });
}

function isJsonRpc(value: unknown): value is JSONRPCMessage {
  return value !== null && typeof value === 'object' && (value as { jsonrpc?: unknown }).jsonrpc === '2.0';
}

/** The endpoint's error envelope (401, 404 mcp_disabled, 429) as the JSON-RPC error a local client reads. */
function refusalOf(id: string | number, status: number, envelope: unknown): JSONRPCMessage {
  const { code, message } = (envelope ?? {}) as { code?: string; message?: string };
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: ErrorCode.InvalidRequest,
      message: `${status} ${code ?? 'error'}: ${message ?? 'refused'}`,
    },
  };
}
