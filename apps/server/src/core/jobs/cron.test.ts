import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../errors.js';
import { assertValidCron, nextRunAfter } from './cron.js';

const at = (iso: string) => new Date(iso);

describe('nextRunAfter', () => {
  it('finds the next minute boundary of a five-field expression, in UTC', () => {
    expect(nextRunAfter('*/5 * * * *', at('2025-03-01T10:02:30.000Z')).toISOString()).toBe(
      '2025-03-01T10:05:00.000Z',
    );
    expect(nextRunAfter('0 3 * * *', at('2025-03-01T10:00:00.000Z')).toISOString()).toBe(
      '2025-03-02T03:00:00.000Z',
    );
  });

  it('is strictly after the given time', () => {
    expect(nextRunAfter('*/5 * * * *', at('2025-03-01T10:05:00.000Z')).toISOString()).toBe(
      '2025-03-01T10:10:00.000Z',
    );
  });

  it('accepts a seconds field and predefined aliases', () => {
    expect(nextRunAfter('*/10 * * * * *', at('2025-03-01T10:00:01.000Z')).toISOString()).toBe(
      '2025-03-01T10:00:10.000Z',
    );
    expect(nextRunAfter('@daily', at('2025-03-01T10:00:00.000Z')).toISOString()).toBe(
      '2025-03-02T00:00:00.000Z',
    );
  });

  it('skips past missed times rather than returning them', () => {
    expect(nextRunAfter('0 * * * *', at('2025-03-01T10:59:59.999Z')).toISOString()).toBe(
      '2025-03-01T11:00:00.000Z',
    );
  });

  it.each(['', 'every minute', '* * *', '61 * * * *', '* * * * * * *', '@sometimes'])(
    'rejects %j',
    (expression) => {
      let caught: unknown;
      try {
        assertValidCron(expression);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationFailed);
      expect((caught as ValidationFailed).code).toBe('invalid_cron');
      expect((caught as ValidationFailed).fields.cron).toHaveLength(1);
    },
  );
});
