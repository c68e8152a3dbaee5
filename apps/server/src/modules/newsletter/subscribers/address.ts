/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const ADDRESS_MAX = 254;

/** One @, a dot in the domain, and none of what only a quoted or malformed address holds (quotes, commas, brackets). */
const PLAUSIBLE = /^[^\s@",;:<>()[\]\\]+@[^\s@",;:<>()[\]\\]+\.[^\s@",;:<>()[\]\\]+$/;

/**
 * An address as subscribers are kept by: trimmed and lowercased, so one person is one subscriber per
 * site however they typed it. Null when it cannot be an address (no domain, spaces, too long).
 */
export function subscriberAddress(typed: string): string | null {
  const email = typed.trim().toLowerCase();
  if (email.length > ADDRESS_MAX || !PLAUSIBLE.test(email)) return null;
  // Control characters would end up in a mail header.
  if (/\p{Cc}/u.test(email)) return null;
  return email;
}

/** A language tag as subscribers carry it (`fr`, `pt-BR`), or null when it is none. */
export function subscriberLanguage(typed: string | null | undefined): string | null {
  const tag = typed?.trim() ?? '';
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/.test(tag)) return null;
  const [base = '', ...rest] = tag.split('-');
  return [base.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join(
    '-',
  );
}
