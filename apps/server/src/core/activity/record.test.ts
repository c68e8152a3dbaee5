import { describe, expect, it } from 'vitest';
import { fieldDiff } from './record.js';

describe('fieldDiff', () => {
  it('lists changed fields only, as [before, after]', () => {
    expect(
      fieldDiff({ name: 'A', locale: 'en', roles: ['x'] }, { name: 'B', locale: 'en', roles: ['x', 'y'] }),
    ).toEqual({
      name: ['A', 'B'],
      roles: [['x'], ['x', 'y']],
    });
  });

  it('hides redacted values and reports added or removed fields', () => {
    expect(
      fieldDiff({ password_hash: 'a' }, { password_hash: 'b', status: 'active' }, ['password_hash']),
    ).toEqual({
      password_hash: ['[redacted]', '[redacted]'],
      status: [null, 'active'],
    });
  });
});
