import { describe, expect, it } from 'vitest';
import { OPTIONS_OF as SERVER_OPTIONS_OF } from '../../../server/src/modules/content/fields/definition.js';
import { OPTIONS_OF } from './model.js';

/**
 * The designer offers each field type the options the server takes for it, and no other: the two
 * lists must not drift apart. (Outside the admin's type check: it reaches the server.)
 */
describe("the designer's field options", () => {
  it('are the server’s, type by type', () => {
    const sorted = (table: Record<string, readonly string[]>) =>
      Object.fromEntries(Object.entries(table).map(([type, options]) => [type, [...options].sort()]));
    expect(sorted(OPTIONS_OF)).toEqual(sorted(SERVER_OPTIONS_OF));
  });
});
