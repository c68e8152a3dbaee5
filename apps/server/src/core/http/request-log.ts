import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { redactUrl } from '../logger.js';

const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/**
 * One log line per request, when its answer has gone out: method, URL (secret query parameters
 * redacted), status and time. Fastify's own controller writes two ("incoming request" and "request
 * completed", plus "Route ... not found" for a 404), which doubled the log and wrote the URL as sent.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Skip building a line nobody will read (the bench, production at LOG_LEVEL=warn).
    if (!error && !WRITES_INFO.has(reply.log.level)) return;
    const ms = reply.elapsedTime;
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms.toFixed(1)} ms`;
    const details = { req: request, res: { statusCode: reply.statusCode }, responseTime: ms };
    if (error) reply.log.error({ ...details, err: error }, line);
    else reply.log.info(details, line);
  }
}
