import type { Readable } from 'node:stream';
import type { App } from '../../core/http/app-type.js';
import { issuePrepaidPass, PREPAID_HEADER } from '../../core/http/rate-limit/prepaid.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import type { RateLimitGroup } from '../../core/http/route-config.js';

/** A rate-limit group a request is counted in. */
type ChargedGroup = Exclude<RateLimitGroup, 'none'>;

/** Who an MCP message comes from: the HTTP request that carried it, as the REST API will see it again. */
export interface McpCaller {
  readonly siteId: number;
  readonly userId: number;
  /** The Host the request was made to: the REST request resolves the same site from it. */
  readonly host: string;
  /** The caller's own `Authorization: Bearer` header, passed on untouched. */
  readonly authorization: string;
  readonly ip: string;
  /** `mcp:<clientInfo.name>`, the client the MCP session announced. */
  readonly client: string;
}

/** A REST answer: its status and the envelope it carried (null for 204). */
export interface RestAnswer {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
}

export interface RestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A multipart upload: its boundary and the body stream. */
  multipart?: { boundary: string; stream: Readable };
  /**
   * The group the MCP endpoint has already charged this request's caller in (an upload from a URL,
   * charged before its download): the route does not count it again.
   */
  prepaid?: ChargedGroup;
}

/**
 * Performs a REST request in-process as the MCP caller: the same authentication, site resolution,
 * rate-limit group, permission check, validation, hooks and activity entries as the route itself,
 * because it is the route itself. This is why a tool never holds a second copy of the rules.
 */
export class RestRelay {
  /** Requests sent that their route charged (not prepaid): what the endpoint's bill is checked against. */
  private charged = 0;

  constructor(
    private readonly app: App,
    readonly caller: McpCaller,
  ) {}

  async send(request: RestRequest): Promise<RestAnswer> {
    const headers: Record<string, string> = {
      host: this.caller.host,
      authorization: this.caller.authorization,
      // The request log and anything reading the user agent see which AI client acted.
      'user-agent': this.caller.client,
    };
    let payload: string | Readable | undefined;
    if (request.multipart) {
      headers['content-type'] = `multipart/form-data; boundary=${request.multipart.boundary}`;
      payload = request.multipart.stream;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(request.body);
    }
    const pass = request.prepaid ? this.passFor(request.prepaid) : null;
    if (pass) headers[PREPAID_HEADER] = pass.value;
    else this.charged += 1;
    try {
      const response = await this.app.inject({
        method: request.method,
        url: withQuery(request.url, request.query),
        headers,
        remoteAddress: this.caller.ip,
        ...(payload === undefined ? {} : { payload }),
      });
      return { status: response.statusCode, body: parseEnvelope(response.body) };
    } finally {
      pass?.revoke();
    }
  }

  /** How many requests this relay has sent that their route's rate-limit group charged. */
  get chargedRequests(): number {
    return this.charged;
  }

  /** The caller's budget in `group`, as the route's hook will key it (a token's user). */
  private passFor(group: ChargedGroup) {
    return issuePrepaidPass(
      rateLimitBudget(group, { via: 'token', userId: this.caller.userId }, this.caller.ip).key,
    );
  }

  get(url: string, query?: Record<string, unknown>): Promise<RestAnswer> {
    return this.send({ method: 'GET', url, ...(query ? { query } : {}) });
  }
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

function parseEnvelope(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object'
      ? (parsed as Record<string, unknown>)
      : { data: parsed };
  } catch {
    return { message: text };
  }
}

/** A URL path with its `{name}` segments filled from `values`, each escaped. */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}
