import { randomUUID } from 'node:crypto';

/** What an MCP client announced at initialize, as far as the activity log needs it. */
export interface ClientInfo {
  name: string;
  version: string;
}

const NAME = /^[\w .@/+-]{1,100}$/;
const UNKNOWN: ClientInfo = { name: 'unknown', version: '' };

/**
 * The Mcp-Session-Id this server hands out at initialize: the client's announced name and version
 * and a random part, readable by any instance. The server keeps no session (stateless Streamable
 * HTTP, one Server per request), yet every later request of the client says which client it is,
 * for the activity log. Nothing is trusted from it: the name is whatever the client announced in
 * the first place, and authentication is the Bearer token on every request.
 */
export function sessionIdFor(client: ClientInfo): string {
  const label = Buffer.from(JSON.stringify([client.name, client.version])).toString('base64url');
  return `${randomUUID()}.${label}`;
}

export function clientOfSession(sessionId: string | undefined): ClientInfo {
  const label = sessionId?.split('.')[1];
  if (!label) return UNKNOWN;
  try {
    const [name, version] = JSON.parse(Buffer.from(label, 'base64url').toString('utf8')) as unknown[];
    return typeof name === 'string' && NAME.test(name)
      ? { name, version: typeof version === 'string' ? version.slice(0, 50) : '' }
      : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/** The client an initialize request announces, if the message is one. */
export function clientOfInitialize(message: unknown): ClientInfo | null {
  if (!message || typeof message !== 'object') return null;
  const { method, params } = message as { method?: unknown; params?: { clientInfo?: Partial<ClientInfo> } };
  if (method !== 'initialize') return null;
  const name = params?.clientInfo?.name;
  if (typeof name !== 'string' || !NAME.test(name)) return UNKNOWN;
  const version = params?.clientInfo?.version;
  return { name, version: typeof version === 'string' ? version.slice(0, 50) : '' };
}
