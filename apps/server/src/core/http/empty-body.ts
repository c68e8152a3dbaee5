import type { FastifyInstance } from 'fastify';

/**
 * A DELETE with `Content-Type: application/json` and no body is a DELETE with no body: HTTP clients
 * (and SDK wrappers) send that header on every call, and Fastify's JSON parser refuses an empty body
 * with 400. Every other method keeps that refusal, where a body is expected.
 */
export function acceptEmptyJsonOnDelete(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
