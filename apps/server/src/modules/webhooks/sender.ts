import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from '../../core/net/address-guard.js';

export interface Delivery {
  url: string;
  secret: string;
  deliveryId: string;
  event: string;
  body: string;
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  response: string | null;
}

/**
 * The signature of spec 6.1: HMAC SHA-256 with the webhook's secret over `<timestamp>.<body>`,
 * sent as `sha256=<hex>`. The timestamp is signed with the body, so a captured request replayed
 * later fails the receiver's freshness check.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const RESPONSE_KEPT = 1000;

/** One attempt: POSTs the body, signed; any 2xx is success. Never throws. */
export function send(delivery: Delivery): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return Promise.resolve(
      done({ ok: false, statusCode: null, error: 'The URL is not valid.', response: null }),
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node connects to an IP literal without a lookup: checked here instead.
  if (!delivery.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve(
      done({
        ok: false,
        statusCode: null,
        error: new PrivateAddressRefused(host, host).message,
        response: null,
      }),
    );
  const timestamp = Math.floor(Date.now() / 1000);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'Tessera-Webhooks/1',
          'x-tessera-event': delivery.event,
          'x-tessera-delivery': delivery.deliveryId,
          'x-tessera-timestamp': String(timestamp),
          'x-tessera-signature': signature(delivery.secret, timestamp, delivery.body),
        },
        timeout: delivery.timeoutMs,
        ...(delivery.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (res) => {
        let kept = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (kept.length < RESPONSE_KEPT) kept += chunk.slice(0, RESPONSE_KEPT - kept.length);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve(
            done({
              ok,
              statusCode: status,
              error: ok ? null : `The receiver answered ${status}.`,
              response: kept || null,
            }),
          );
        });
        res.on('error', (error) =>
          resolve(
            done({
              ok: false,
              statusCode: res.statusCode ?? null,
              error: error.message,
              response: kept || null,
            }),
          ),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${delivery.timeoutMs / 1000} s.`)));
    req.on('error', (error) =>
      resolve(done({ ok: false, statusCode: null, error: error.message.slice(0, 1000), response: null })),
    );
    req.end(delivery.body);
  });
}
