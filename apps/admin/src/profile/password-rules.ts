/**
 * The server's rules for a new password (identity/password/passwords.ts) that hold without its
 * data, checked before the call so the mistake is said at once; the length is the inputs'
 * minlength and maxlength, and the list of common passwords stays on the server, whose 422 says it.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

/** A problem's key under `profile` in the admin's messages. */
export type PasswordProblem = 'passwordIsEmail' | 'passwordRepeats' | 'passwordsDiffer';

/** The problems of a new password, by the form's field names: `password` and `password_repeat`. */
export function newPasswordProblems(
  password: string,
  repeated: string,
  email: string,
): Partial<Record<'password' | 'password_repeat', PasswordProblem>> {
  const problems: Partial<Record<'password' | 'password_repeat', PasswordProblem>> = {};
  if (password !== '' && password.toLowerCase() === email.toLowerCase())
    problems.password = 'passwordIsEmail';
  else if (/^(.)\1+$/u.test(password)) problems.password = 'passwordRepeats';
  if (repeated !== password) problems.password_repeat = 'passwordsDiffer';
  return problems;
}
