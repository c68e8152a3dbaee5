/**
 * The closed set of failures a domain operation can report. Services throw these; one handler
 * (core/http/error-handler.ts) maps each kind to its HTTP status and the error envelope, so no
 * route builds an error body by hand.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid'
  | 'locked'
  | 'rate_limited'
  | 'bad_gateway';

export const statusOfKind: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  locked: 423,
  rate_limited: 429,
  bad_gateway: 502,
};

/** Per-field messages, keyed by the field's path in the request ("email", "permissions.2"). */
export type FieldErrors = Record<string, string[]>;

/**
 * An empty field-error map without a prototype. Field paths come from the client's own keys, and a
 * body key named `constructor` or `__proto__` must land as a field, not hit Object.prototype.
 */
export function fieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** Adds a message to a field once, whatever the field's name. */
export function addFieldError(fields: FieldErrors, field: string, message: string): void {
  const list = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!list) fields[field] = [message];
  else if (!list.includes(message)) list.push(message);
}

/** A prototype-free copy of field errors a service built as a literal. */
function ownFieldErrors(fields: FieldErrors): FieldErrors {
  const copy = fieldErrors();
  for (const [field, messages] of Object.entries(fields)) copy[field] = [...messages];
  return copy;
}

export class AppError extends Error {
  /** Per-field messages (422), in a map without a prototype. */
  readonly fields: FieldErrors;
  /** Response headers the failure needs (Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    /** Stable machine-readable reason; tests assert on it rather than on message text. */
    readonly code: string,
    message: string,
    fields: FieldErrors = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = ownFieldErrors(fields);
    this.headers = headers;
  }

  get status(): number {
    return statusOfKind[this.kind];
  }
}

export class NotFound extends AppError {
  constructor(what: string, code = 'not_found') {
    super('not_found', code, `${what} not found.`);
  }
}

export class ValidationFailed extends AppError {
  constructor(fields: FieldErrors, message = 'The given data was invalid.', code = 'validation_failed') {
    super('invalid', code, message, fields);
  }

  /** One failing field, the common case in services. */
  static field(field: string, message: string, code = 'validation_failed'): ValidationFailed {
    return new ValidationFailed({ [field]: [message] }, 'The given data was invalid.', code);
  }
}

export class Conflict extends AppError {
  constructor(message: string, code = 'conflict', fields: FieldErrors = {}) {
    super('conflict', code, message, fields);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this.', code = 'forbidden') {
    super('forbidden', code, message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = 'Authentication is required.', code = 'unauthenticated') {
    super('unauthenticated', code, message, {}, { 'www-authenticate': 'Bearer realm="tessera"' });
  }
}

export class BadRequest extends AppError {
  constructor(message: string, code = 'bad_request') {
    super('bad_request', code, message);
  }
}

/** 413: the body, or a file in it, is larger than allowed. */
export class PayloadTooLarge extends AppError {
  constructor(message: string, code = 'payload_too_large') {
    super('payload_too_large', code, message);
  }
}

/** 415: the request's body is not of a type the route reads. */
export class UnsupportedMediaType extends AppError {
  constructor(message: string, code = 'unsupported_media_type') {
    super('unsupported_media_type', code, message);
  }
}

/** 502: a service Tessera called on the client's behalf (a stock photo provider) failed. */
export class UpstreamFailed extends AppError {
  constructor(message: string, code = 'upstream_failed') {
    super('bad_gateway', code, message);
  }
}

export class Locked extends AppError {
  constructor(message: string, code = 'locked') {
    super('locked', code, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    retryAfterSeconds: number,
    message = 'Too many requests. Try again later.',
    code = 'rate_limited',
  ) {
    super(
      'rate_limited',
      code,
      message,
      {},
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    );
  }
}
