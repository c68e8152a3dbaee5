import { describe, expect, it } from 'vitest';
import { issuePrepaidPass, redeemPrepaidPass } from './prepaid.js';

describe('prepaid passes', () => {
  it('let one request through, from the budget they were paid from only', () => {
    const pass = issuePrepaidPass('upload:u:7');
    expect(redeemPrepaidPass(pass.value, 'upload:u:8')).toBe(false);
    expect(redeemPrepaidPass(pass.value, 'general:u:7')).toBe(false);
    expect(redeemPrepaidPass(pass.value, 'upload:u:7')).toBe(true);
    // Used: a replay is counted like any request.
    expect(redeemPrepaidPass(pass.value, 'upload:u:7')).toBe(false);
  });

  it('refuse a revoked pass, a guessed one and a missing header', () => {
    const pass = issuePrepaidPass('upload:u:7');
    pass.revoke();
    expect(redeemPrepaidPass(pass.value, 'upload:u:7')).toBe(false);
    expect(redeemPrepaidPass('0'.repeat(32), 'upload:u:7')).toBe(false);
    expect(redeemPrepaidPass(undefined, 'upload:u:7')).toBe(false);
    expect(redeemPrepaidPass([pass.value], 'upload:u:7')).toBe(false);
  });
});
