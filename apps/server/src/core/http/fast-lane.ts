import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr, { compile } from '@fastify/proxy-addr';

/**
 * Answers a request before Fastify sees it, or declines (false). For what must answer at the speed
 * of a static file server (a page from the page cache): routing, hooks and schemas are skipped, so a
 * responder sends only what it already knows to be public and complete, headers included.
 */
export type FastResponder = (
  request: IncomingMessage,
  response: ServerResponse,
  origin: RequestOrigin,
) => boolean;

/** How the client reached Tessera: the same scheme and host Fastify's `request.protocol` and `.host` give. */
export interface RequestOrigin {
  protocol: 'http' | 'https';
  host: string;
}

export class FastLane {
  private readonly responders: FastResponder[] = [];
  private readonly trusts: ((address: string, hop: number) => boolean) | null;

  constructor(trustProxy: boolean | number | string[]) {
    this.trusts =
      trustProxy === false
        ? null
        : trustProxy === true
          ? () => true
          : typeof trustProxy === 'number'
            ? (_address, hop) => hop < trustProxy
            : compile(trustProxy);
  }

  add(responder: FastResponder): void {
    this.responders.push(responder);
  }

  /** True when a responder answered; Fastify takes the request otherwise. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.responders.length === 0 || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const origin = this.originOf(request);
    if (!origin) return false;
    for (const responder of this.responders) if (responder(request, response, origin)) return true;
    return false;
  }

  /** The client's address, as Fastify's `request.ip` gives it (a trusted proxy's X-Forwarded-For). */
  addressOf(request: IncomingMessage): string {
    return this.trusts ? proxyaddr(request, this.trusts) : (request.socket.remoteAddress ?? '');
  }

  /** Forwarded scheme and host count only from a trusted proxy, as in Fastify (TRUST_PROXY). */
  private originOf(request: IncomingMessage): RequestOrigin | null {
    const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
    let protocol: 'http' | 'https' = encrypted ? 'https' : 'http';
    let host = request.headers.host;
    if (this.trusts?.(request.socket.remoteAddress ?? '', 0)) {
      const forwardedProto = first(request.headers['x-forwarded-proto']);
      const forwardedHost = first(request.headers['x-forwarded-host']);
      if (forwardedProto === 'https' || forwardedProto === 'http') protocol = forwardedProto;
      if (forwardedHost) host = forwardedHost;
    }
    return host ? { protocol, host } : null;
  }
}

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Responders that answer before routing (core/http/fast-lane.ts). */
    fastLane: FastLane;
  }
}
