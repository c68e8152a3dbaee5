import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.js';

interface ClientFailure {
  status: number;
  code: string;
  message: string;
}

/** Connections answered by answerParserError, read to their end and then closed. */
const answered = new WeakSet<Socket>();
/** How long the rest of a refused request is read before its connection closes. */
const LINGER_MS = 2_000;

/** What Node's HTTP parser refuses before any request exists, as our status, code and message. */
function failureOfParserError(code: string | undefined): ClientFailure {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return {
        status: 400,
        code: 'malformed_request',
        message: 'The Content-Length header is invalid or conflicts with Transfer-Encoding.',
      };
    default:
      return { status: 400, code: 'malformed_request', message: 'The request is not valid HTTP.' };
  }
}

/**
 * Answers what Node's HTTP parser rejects (a Content-Length beside Transfer-Encoding, a bad
 * Content-Length, headers too large) in the error envelope, like every other failure. There is no
 * request yet, so the answer is written to the socket by hand, then the connection is closed: the
 * parser cannot tell where the next request would start. What the client still sends is read and
 * dropped meanwhile (at most LINGER_MS), so the answer reaches it rather than a reset.
 */
export function answerParserError(error: Error & { code?: string }, socket: Socket): void {
  // Answered already: the parser may report the same connection again while its rest is read.
  if (answered.has(socket)) return;
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable || answerInFlight(socket)) {
    socket.destroy(error);
    return;
  }
  answered.add(socket);
  const failure = failureOfParserError(error.code);
  const requestId = randomUUID();
  const body = JSON.stringify({
    message: failure.message,
    errors: {},
    code: failure.code,
    request_id: requestId,
  });
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
  // A client still sending (a URL far past the limit) would get a reset instead of the answer if the
  // socket closed with its bytes unread: they are read and dropped for a moment, then it closes.
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Whether an answer is being written on the connection, which a second one would corrupt. Node keeps
 * the response it is writing as the socket's `_httpMessage` and clears it once that answer is done,
 * as its own clientError default checks: a kept-alive connection whose earlier answers went out
 * whole still gets the envelope (checking bytes ever written dropped those without a word).
 */
function answerInFlight(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: { writableFinished?: boolean } | null })._httpMessage;
  return current !== undefined && current !== null && current.writableFinished !== true;
}

/** Fastify's router failures (a path that is not valid percent-encoding, an over-long parameter). */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 414, { message: 'A path parameter is too long.', code: 'uri_too_long' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 400, { message: 'The path is not valid percent-encoded UTF-8.', code: 'malformed_url' });
    return;
  }
  request.log.error({ err: error }, 'router failure');
  sendError(reply, 500, {
    message: `Something went wrong on our side. Quote request id ${request.id} when reporting it.`,
    code: 'internal_error',
  });
}
