import type { ApiError } from './api.js';

/** The server's 422 messages by field, for the inputs' `error` props; the first message of each. */
export function fieldErrors(error: ApiError | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error?.errors ?? {}))
    if (messages[0]) errors[field] = messages[0];
  return errors;
}
