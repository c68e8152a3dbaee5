import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectQueueConcurrency, parseConcurrency } from './worker.js';

describe('tessera worker concurrency flags', () => {
  it('collects repeated --queue name=count', () => {
    const once = collectQueueConcurrency('webhooks=8', {});
    expect(collectQueueConcurrency('media=2', once)).toEqual({ webhooks: 8, media: 2 });
    expect(collectQueueConcurrency('media=3', { media: 2 })).toEqual({ media: 3 });
  });

  it('refuses a malformed queue or count', () => {
    for (const value of ['webhooks', '=3', 'Web=3', 'webhooks=0', 'webhooks=x', 'webhooks=101']) {
      expect(() => collectQueueConcurrency(value, {})).toThrow(InvalidArgumentError);
    }
    expect(() => parseConcurrency('0')).toThrow(InvalidArgumentError);
    expect(parseConcurrency('4')).toBe(4);
  });
});
