import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFieldError, type FieldErrors, fieldErrors, ValidationFailed } from '../errors.js';

/** JSON nested deeper than this is refused: no API shape needs it, and recursion over it overflows. */
export const MAX_INPUT_DEPTH = 64;

/** A surrogate half without its partner: replaced on the way to either engine, so not stored as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const UNSTORABLE_MESSAGE = 'Must not contain NUL characters or unpaired surrogates.';
const TOO_DEEP_MESSAGE = `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`;
const NOT_FINITE_MESSAGE = 'Must be a finite number.';

type Part = 'params' | 'querystring' | 'body';

/**
 * Refuses, for every route, what no schema states but the engines choke on. One pass here covers
 * the routes modules and plugins add later, and values a schema types as unknown.
 *
 * Before validation: NUL (PostgreSQL refuses it in text and JSON) and unpaired surrogates (silently
 * replaced on the way to either engine) in any string or key, JSON nested too deep, and numbers
 * past a double (`1e400` parses to Infinity).
 *
 * After validation: numbers that coercion made infinite. Ajv turns the query text `Infinity` or
 * `1e400` into Infinity for an integer and then skips its bounds, which only check finite numbers.
 */
export function installInputGuard(app: FastifyInstance): void {
  // Callback style: no promise per request on the hot path.
  app.addHook('preValidation', (request, _reply, done) => {
    done(refusal(request, ['params', 'querystring', 'body'], rawProblem));
  });
  app.addHook('preHandler', (request, _reply, done) => {
    done(refusal(request, ['params', 'querystring'], coercedProblem));
  });
}

/** What is wrong with one value (not its children), or null. */
type Check = (value: unknown, depth: number) => string | null;

const rawProblem: Check = (value, depth) => {
  if (typeof value === 'string') return unstorable(value) ? UNSTORABLE_MESSAGE : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : NOT_FINITE_MESSAGE;
  if (isContainer(value) && depth >= MAX_INPUT_DEPTH) return TOO_DEEP_MESSAGE;
  return null;
};

const coercedProblem: Check = (value) =>
  typeof value === 'number' && !Number.isFinite(value) ? NOT_FINITE_MESSAGE : null;

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Buffer.isBuffer(value);
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

function refusal(
  request: FastifyRequest,
  parts: readonly Part[],
  check: Check,
): ValidationFailed | undefined {
  let fields: FieldErrors | null = null;
  const report = (path: string, message: string) => {
    fields ??= fieldErrors();
    addFieldError(fields, path, message);
  };
  for (const part of parts) {
    const root = part === 'params' ? request.params : part === 'querystring' ? request.query : request.body;
    // Iterative, so a hostile nesting depth cannot overflow the stack here.
    const stack: Pending[] = [{ value: root, path: '', depth: 0 }];
    while (stack.length > 0) {
      const { value, path, depth } = stack.pop() as Pending;
      const problem = check(value, depth);
      if (problem) report(path || part, problem);
      if (problem || !isContainer(value)) continue;
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${printable(key)}` : printable(key);
        if (check === rawProblem && unstorable(key)) report(childPath, UNSTORABLE_MESSAGE);
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return fields ? new ValidationFailed(fields) : undefined;
}

function unstorable(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** A key as it can be echoed back in the error body. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}
