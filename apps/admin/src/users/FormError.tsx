import { Alert } from '@mantine/core';
import type { ApiError } from '../api.js';
import { fieldErrors } from '../forms.js';

/**
 * The server's refusal when no input shows it: a 409 (the last Super Admin, a taken slug on a
 * hidden field), a 403, or a 422 on a field this form does not have.
 */
export function FormError({ error, fields }: { error: ApiError | null; fields: readonly string[] }) {
  if (!error) return null;
  const errors = fieldErrors(error);
  const unshown = Object.entries(errors).filter(([field]) => !fields.includes(field));
  const shown = fields.some((field) => errors[field]);
  if (shown && unshown.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {[shown ? '' : error.message, ...unshown.map(([field, message]) => `${field}: ${message}`)]
        .filter(Boolean)
        .join(' ')}
    </Alert>
  );
}
