import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyTooLarge } from './body-limit.js';

const kept = new WeakMap<FastifyRequest, Buffer>();

/**
 * A route's `preParsing` hook that keeps the request's bytes as they came, before the body is
 * parsed, for a signature computed over them (a payment provider's webhook): parsing and
 * serializing again would not give the same bytes. Read up to the route's body limit, then handed
 * to the parser as they were.
 */
export async function keepRawBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: AsyncIterable<Buffer | string>,
): Promise<Readable> {
  const limit = request.routeOptions.bodyLimit;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) throw bodyTooLarge(request);
    chunks.push(bytes);
  }
  const raw = Buffer.concat(chunks);
  kept.set(request, raw);
  const again = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  again.receivedEncodedLength = raw.length;
  return again;
}

/** The bytes `keepRawBody` kept for this request; null on a route that does not keep them. */
export function rawBodyOf(request: FastifyRequest): Buffer | null {
  return kept.get(request) ?? null;
}
