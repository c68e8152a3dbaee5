import { describe, expect, it } from 'vitest';
import { newPasswordProblems } from './password-rules.js';

describe('a new password, checked as the server checks it', () => {
  it('passes a good one typed twice alike', () => {
    expect(newPasswordProblems('tide pools at dawn', 'tide pools at dawn', 'ada@example.test')).toEqual({});
  });

  it('refuses the email address in any case, and one character repeated', () => {
    expect(newPasswordProblems('Ada@Example.test', 'Ada@Example.test', 'ada@example.test')).toEqual({
      password: 'passwordIsEmail',
    });
    expect(newPasswordProblems('aaaaaaaaaaaa', 'aaaaaaaaaaaa', 'ada@example.test')).toEqual({
      password: 'passwordRepeats',
    });
  });

  it('says where the second typing differs, beside the second field', () => {
    expect(newPasswordProblems('tide pools at dawn', 'tide pools at dusk', 'ada@example.test')).toEqual({
      password_repeat: 'passwordsDiffer',
    });
  });
});
