import { expect } from 'vitest';
import { typeCheck, typeCheckIt } from '../../test/fixtures/typecheck.js';

// The admin app: its build (Vite) strips types unchecked.
typeCheckIt(
  'the admin app type-checks',
  async () => {
    expect(await typeCheck('apps/admin')).toBe('');
  },
  240_000,
);
