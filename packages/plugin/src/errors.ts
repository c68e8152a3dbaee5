/** Per-field messages of a 422: `{ "name": ["Required."] }`. */
export type PluginFieldErrors = Record<string, string[]>;

/** What every typed error carries; the envelope turns it into its status and body. */
export interface PluginAppError extends Error {
  /** Stable machine-readable reason (`not_found`, `out_of_stock`). */
  readonly code: string;
  readonly fields: PluginFieldErrors;
  readonly status: number;
}

/**
 * The typed errors a plugin throws, handed to it as `plugin.errors` (the core's own classes, so the
 * envelope knows them): 400, 403, 404, 409, 422, 429 and 502. Anything else thrown becomes a logged
 * 500.
 */
export interface PluginErrors {
  /** 404: `new NotFound('Order')` answers "Order not found.". */
  readonly NotFound: new (
    what: string,
    code?: string,
  ) => PluginAppError;
  /** 409 with a message and code, and per-field messages when they help. */
  readonly Conflict: new (
    message: string,
    code?: string,
    fields?: PluginFieldErrors,
  ) => PluginAppError;
  /** 422 with messages by field. */
  readonly ValidationFailed: {
    new (fields: PluginFieldErrors, message?: string, code?: string): PluginAppError;
    /** One failing field, the common case. */
    field(field: string, message: string, code?: string): PluginAppError;
  };
  /** 403. */
  readonly Forbidden: new (
    message?: string,
    code?: string,
  ) => PluginAppError;
  /** 400: a request that cannot be read at all (a webhook whose signature does not hold). */
  readonly BadRequest: new (
    message: string,
    code?: string,
  ) => PluginAppError;
  /** 429 with `Retry-After` (a provider asking to slow down, passed on to the caller). */
  readonly TooManyRequests: new (
    retryAfterSeconds: number,
    message?: string,
    code?: string,
  ) => PluginAppError;
  /** 502: a server the plugin called on the caller's behalf failed or did not answer. */
  readonly UpstreamFailed: new (
    message: string,
    code?: string,
  ) => PluginAppError;
}
