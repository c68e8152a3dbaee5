import { commonPasswords } from '../identity/password/common-passwords.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../identity/password/passwords.js';

/**
 * Why an account form was refused, by code: the pages say each in the page's language
 * (AccountStrings.faults), beside its field, or above the form for `form`.
 */
export type FaultCode =
  | 'required'
  | 'too_long'
  | 'bad_email'
  | 'password_short'
  | 'password_long'
  | 'password_common'
  | 'password_is_email'
  | 'password_repeated'
  | 'credentials'
  | 'unverified'
  | 'suspended'
  | 'current_password'
  | 'email_taken'
  | 'same_email'
  | 'link_invalid';

/** A form's faults by field name; `form` for the whole form. */
export type Faults = Partial<Record<string, FaultCode>>;

/** What an account form's operation throws when the visitor must correct something and send it again. */
export class AccountFormFaults extends Error {
  constructor(readonly faults: Faults) {
    super(`account form refused: ${JSON.stringify(faults)}`);
    this.name = 'AccountFormFaults';
  }
}

/** Lengths of the fields, as the table holds them. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Throws the faults found, if any. */
export function refuseIf(faults: Faults): void {
  if (Object.keys(faults).length > 0) throw new AccountFormFaults(faults);
}

export function nameFault(name: string): FaultCode | null {
  if (name === '') return 'required';
  return name.length > NAME_MAX ? 'too_long' : null;
}

export function emailFault(email: string): FaultCode | null {
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX) return 'too_long';
  return EMAIL.test(email) ? null : 'bad_email';
}

/** The admin's rules for a password (identity/password), said by code. */
export function passwordFault(password: string, email: string): FaultCode | null {
  if (password === '') return 'required';
  if (password.length < MIN_PASSWORD_LENGTH) return 'password_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'password_long';
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return 'password_common';
  if (lowered === email.trim().toLowerCase()) return 'password_is_email';
  return /^(.)\1+$/.test(password) ? 'password_repeated' : null;
}

/** The faults of named values, leaving out those that passed. */
export function faultsOf(checks: Record<string, FaultCode | null>): Faults {
  const faults: Faults = {};
  for (const [field, fault] of Object.entries(checks)) if (fault) faults[field] = fault;
  return faults;
}
