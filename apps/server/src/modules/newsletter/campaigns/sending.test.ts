import { describe, expect, it } from 'vitest';
import { isBounce } from './sending.js';

describe('a refusal taken for a bounce', () => {
  it('is a permanent refusal of the recipient', () => {
    expect(isBounce({ responseCode: 550, command: 'RCPT TO', response: '550 5.1.1 No such user' })).toBe(
      true,
    );
    expect(isBounce({ responseCode: 552, command: 'DATA', response: '552 5.2.2 Mailbox full' })).toBe(true);
  });

  it('is never a temporary refusal, nor a refusal of the sender or the server', () => {
    expect(isBounce({ responseCode: 451, command: 'RCPT TO', response: '451 Try later' })).toBe(false);
    expect(isBounce({ responseCode: 535, command: 'AUTH PLAIN', response: '535 Bad credentials' })).toBe(
      false,
    );
    expect(isBounce({ responseCode: 550, command: 'MAIL FROM', response: '550 Sender refused' })).toBe(false);
    expect(isBounce({ responseCode: 554, command: 'DATA', response: '554 5.7.1 Spam' })).toBe(false);
    expect(isBounce({ message: 'connect ECONNREFUSED' })).toBe(false);
  });
});
