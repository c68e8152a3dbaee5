import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { send as sendOutbound } from '../../core/net/outbound.js';

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
export async function send(delivery: Delivery): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  let res: IncomingMessage;
  try {
    res = await sendOutbound(delivery.url, {
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
      body: delivery.body,
      allowPrivate: delivery.allowPrivate,
      timeoutMs: delivery.timeoutMs,
    });
  } catch (error) {
    return done({
      ok: false,
      statusCode: null,
      error: (error as Error).message.slice(0, 1000),
      response: null,
    });
  }
  let kept = '';
  try {
    res.setEncoding('utf8');
    for await (const chunk of res as AsyncIterable<string>)
      if (kept.length < RESPONSE_KEPT) kept += chunk.slice(0, RESPONSE_KEPT - kept.length);
  } catch (error) {
    return done({
      ok: false,
      statusCode: res.statusCode ?? null,
      error: (error as Error).message,
      response: kept || null,
    });
  }
  const status = res.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  return done({
    ok,
    statusCode: status,
    error: ok ? null : `The receiver answered ${status}.`,
    response: kept || null,
  });
}
