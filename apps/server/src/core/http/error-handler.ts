import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constraintViolation } from '../db/constraint-errors.js';
import { AppError, addFieldError, type FieldErrors, fieldErrors } from '../errors.js';
import { inLanguage } from '../i18n/in-language.js';
import { callerLanguage } from '../i18n/language.js';
import { messageOfKeyword } from '../i18n/schema-messages.js';
import { bodyTooLarge } from './body-limit.js';
import { methodsAllowedOn } from './route-table.js';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Turns Ajv's issues into `{ "field.path": ["message"] }`, each the message of its rule's code. */
export function fieldErrorsFromValidation(issues: readonly ValidationIssue[], context?: string): FieldErrors {
  const fields = fieldErrors();
  for (const issue of issues) {
    let path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'required') path = join(path, String(issue.params.missingProperty));
    if (issue.keyword === 'additionalProperties') path = join(path, String(issue.params.additionalProperty));
    addFieldError(fields, path || context || 'body', messageOfKeyword(issue.keyword, issue.params));
  }
  return fields;
}

function join(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

/** Fastify's own failures that are the client's fault, with our status and message for each. */
const fastifyClientErrors: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported content type. Send application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'malformed_body',
    message: 'The request body is empty but the content type is application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: 'The Content-Length header does not match the body.',
  },
};

/**
 * Writes the error envelope, the one place every failure's words pass: the server writes them in
 * English, and says the message and each field's messages in the caller's language here.
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  body: { message: string; errors?: FieldErrors; code: string },
) {
  const language = callerLanguage(reply.request);
  const errors: FieldErrors = fieldErrors();
  for (const [field, messages] of Object.entries(body.errors ?? {}))
    errors[field] = messages.map((message) => inLanguage(message, language));
  const vary = reply.getHeader('vary');
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('content-language', language)
    .header('vary', vary ? `${String(vary)}, accept-language` : 'accept-language')
    .send({
      message: inLanguage(body.message, language),
      errors,
      code: body.code,
      request_id: reply.request.id,
    });
}

/**
 * The one place where failures become HTTP responses. Client errors keep their message; anything
 * unexpected is logged with its stack and answered with a generic 500 naming the request id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // Fastify's own 413 does not say the limit it applied; ours does, so the sender knows how far to cut.
    const error =
      (thrown as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? bodyTooLarge(request) : thrown;
    if (error instanceof AppError) {
      reply.headers(error.headers);
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, error.status, {
        message: error.message,
        errors: error.fields,
        code: error.code,
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return sendError(reply, 422, {
        message: 'The given data was invalid.',
        errors: fieldErrorsFromValidation(
          fastifyError.validation as ValidationIssue[],
          fastifyError.validationContext,
        ),
        code: 'validation_failed',
      });
    }
    const constraint = constraintViolation(error);
    if (constraint) {
      // A race past the service's own check; the transaction has rolled back, nothing was written.
      request.log.info({ err: error }, 'write refused by a database constraint');
      return sendError(reply, 409, {
        message:
          constraint === 'unique'
            ? 'This conflicts with a record that already exists.'
            : 'This refers to a record that does not exist or is still in use.',
        code: constraint === 'unique' ? 'already_exists' : 'reference_conflict',
      });
    }
    const known = fastifyError.code ? fastifyClientErrors[fastifyError.code] : undefined;
    if (known) return sendError(reply, known.status, known);
    if (fastifyError.statusCode === 400 || fastifyError instanceof SyntaxError) {
      return sendError(reply, 400, {
        message: 'The request body is not valid JSON.',
        code: 'malformed_body',
      });
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return sendError(reply, fastifyError.statusCode, {
        message: fastifyError.message,
        code: 'bad_request',
      });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(reply, 500, {
      message: `Something went wrong on our side. Quote request id ${request.id} when reporting it.`,
      code: 'internal_error',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = methodsAllowedOn(app.routeTable ?? [], path);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, 405, {
        message: `${request.method} is not allowed on ${path}; it accepts ${allowed.join(', ')}.`,
        code: 'method_not_allowed',
      });
    }
    return sendError(reply, 404, {
      message: `No route matches ${request.method} ${path}.`,
      code: 'route_not_found',
    });
  });
}
