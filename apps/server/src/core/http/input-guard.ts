import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFieldError, fieldErrors, ValidationFailed } from '../errors.js';

/** JSON nested deeper than this is refused: no API shape needs it, and recursion over it overflows. */
export const MAX_INPUT_DEPTH = 64;

/** A surrogate half without its partner: replaced on the way to either engine, so not stored as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const UNSTORABLE_MESSAGE = 'Must not contain NUL characters or unpaired surrogates.';
const TOO_DEEP_MESSAGE = `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * Refuses, for every route and before schema validation, what no schema states but every engine
 * chokes on: PostgreSQL rejects NUL in text and JSON, and a lone surrogate is silently replaced on
 * the way to either engine. Keys are checked like values, since they become field names and JSON.
 * One pass here covers the routes modules and plugins add later, and values typed as unknown.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = unstorableInput(request);
    if (fields) throw new ValidationFailed(fields);
  });
}

function unstorableInput(request: FastifyRequest) {
  const fields = fieldErrors();
  let found = false;
  const parts: Array<[string, unknown]> = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [part, root] of parts) {
    // Iterative, so a hostile nesting depth cannot overflow the stack here.
    const stack: Pending[] = [{ value: root, path: '', depth: 0 }];
    while (stack.length > 0) {
      const { value, path, depth } = stack.pop() as Pending;
      if (typeof value === 'string') {
        if (unstorable(value)) {
          addFieldError(fields, path || part, UNSTORABLE_MESSAGE);
          found = true;
        }
        continue;
      }
      if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
      if (depth >= MAX_INPUT_DEPTH) {
        addFieldError(fields, path || part, TOO_DEEP_MESSAGE);
        found = true;
        continue;
      }
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${printable(key)}` : printable(key);
        if (unstorable(key)) {
          addFieldError(fields, childPath, UNSTORABLE_MESSAGE);
          found = true;
        }
        stack.push({ value: child, path: childPath, depth: depth + 1 });
      }
    }
  }
  return found ? fields : null;
}

/** PostgreSQL refuses NUL in text and JSON; a lone surrogate would be silently replaced. */
function unstorable(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** A key as it can be echoed back in the error body. */
function printable(key: string): string {
  return key.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}
