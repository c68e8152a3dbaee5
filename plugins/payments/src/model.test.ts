import { describe, expect, it } from 'vitest';
import { mayBecome, refundedStatus, statusesBefore } from './model.js';

describe('payment statuses', () => {
  it('move only forward: an outcome is reached once, from pending', () => {
    expect(statusesBefore('paid')).toEqual(['pending']);
    expect(statusesBefore('expired')).toEqual(['pending']);
    expect(mayBecome('paid', 'expired')).toBe(false);
    expect(mayBecome('expired', 'paid')).toBe(false);
    expect(mayBecome('paid', 'paid')).toBe(false);
    expect(mayBecome('refunded', 'partially_refunded')).toBe(false);
    expect(statusesBefore('refunded')).toEqual(['paid', 'partially_refunded']);
  });

  it('name what a refund leaves', () => {
    expect(refundedStatus(1000, 0)).toBe('paid');
    expect(refundedStatus(1000, 1)).toBe('partially_refunded');
    expect(refundedStatus(1000, 1000)).toBe('refunded');
  });
});
