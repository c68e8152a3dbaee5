/** IANA names such as Europe/Lisbon or UTC; not offsets (+01:00) nor abbreviations (CET is accepted by ICU as a zone). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** True for a time zone name this Node.js (ICU) knows, so dates can be shown in it. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
