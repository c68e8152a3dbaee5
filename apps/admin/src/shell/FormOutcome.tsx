import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiError } from '../api.js';

/**
 * What a form's last save came to, above its fields: `saved`'s words once it went through, or the
 * refusal no field shows (a 403, a 409, a lost connection). Refusals of a field stay beside it.
 */
export function FormOutcome({ saved, error }: { saved: ReactNode | null; error: ApiError | null }) {
  if (error && Object.keys(error.errors).length === 0)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (error || !saved) return null;
  return (
    <Alert color="green" role="status">
      {saved}
    </Alert>
  );
}
