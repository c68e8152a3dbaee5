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
 * envelope knows them): 404, 409, 422 and 403. Anything else thrown becomes a logged 500.
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
}
