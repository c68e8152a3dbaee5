import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { isKeyProblem, stockErrorText } from './errors.js';

// The key and its values, as the words would carry them.
const t = ((key: string, values?: Record<string, string>) =>
  `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;

describe('stock errors', () => {
  it("say the server's known refusals in the interface's words", () => {
    const refused = { code: 'stock_key_refused', message: 'The given data was invalid.', errors: {} };
    expect(stockErrorText(refused, 'Unsplash', t)).toBe(
      'media.stock.error.keyRefused {"provider":"Unsplash"}',
    );
    expect(isKeyProblem(refused)).toBe(true);
    expect(isKeyProblem({ code: 'stock_not_configured' })).toBe(true);
    expect(stockErrorText({ code: 'upstream_failed', message: 'x', errors: {} }, 'Pexels', t)).toBe(
      'media.stock.error.upstream {"provider":"Pexels"}',
    );
    expect(stockErrorText({ code: 'private_address', errors: {} }, 'Pexels', t)).toBe(
      'media.stock.error.privateAddress',
    );
  });

  it("else give a field's message, the message, or say the server was not reached", () => {
    const invalid = { code: 'validation_failed', message: 'Invalid.', errors: { q: ['Too long.'] } };
    expect(stockErrorText(invalid, 'Pexels', t)).toBe('Too long.');
    expect(isKeyProblem(invalid)).toBe(false);
    expect(stockErrorText({ code: 'rate_limited', message: 'Slow down.', errors: {} }, 'Pexels', t)).toBe(
      'Slow down.',
    );
    expect(stockErrorText(new TypeError('Failed to fetch'), 'Pexels', t)).toBe('media.stock.error.network');
  });
});
