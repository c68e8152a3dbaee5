import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from './address-guard.js';

export interface OutboundOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Uint8Array;
  /** Loopback, private and link-local addresses allowed (an intranet service, tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Why a request to another server did not happen; the message is for the person who asked. */
export class OutboundFailed extends Error {
  constructor(
    message: string,
    /** Refused because the address is private (not a network failure). */
    readonly refused = false,
  ) {
    super(message);
  }
}

/**
 * One request from the server to another, for a user or a plugin: http(s) only, and each address
 * the connection uses is checked (the URL's, and every DNS answer, so a name re-pointed at
 * 127.0.0.1 is refused too) unless `allowPrivate`. Answers the response as it starts; redirects are
 * the caller's to follow or not.
 */
export function send(url: string, options: OutboundOptions): Promise<IncomingMessage> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new OutboundFailed('The URL is not valid.'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new OutboundFailed('Only http and https addresses are allowed.'));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // Node connects to an IP literal without a lookup: checked here instead.
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new OutboundFailed(new PrivateAddressRefused(host, host).message, true));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: options.method ?? 'GET',
        headers: { 'user-agent': 'Tessera/1', ...options.headers },
        timeout: timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new OutboundFailed(`No answer within ${timeoutMs / 1000} s.`)));
    req.on('error', (error) =>
      reject(
        error instanceof OutboundFailed
          ? error
          : new OutboundFailed(error.message, error instanceof PrivateAddressRefused),
      ),
    );
    req.end(options.body);
  });
}
