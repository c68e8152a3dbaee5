import { i18next } from './index.js';

/**
 * The server's most frequent messages, in the words it sends (its input validation in
 * core/http/error-handler.ts, content field checks in content/fields/validate-values.ts, the error
 * classes of core/errors.ts), each with the key of its translation under `server`. The API speaks
 * English to every client; the admin says these in the interface's language. A message not listed
 * here is shown as the server wrote it.
 */
export const CATALOG: ReadonlyArray<readonly [RegExp, string]> = [
  [/^The given data was invalid\.$/, 'invalid'],
  [/^You do not have permission to do this\.$/, 'forbidden'],
  [/^Authentication is required\.$/, 'unauthenticated'],
  [/^Too many requests\. Try again later\.$/, 'rateLimited'],
  [/^The form is too old; reload the page\.$/, 'csrf'],
  [/^This field is required\.$/, 'required'],
  [/^This JSON value is too large\.$/, 'jsonSize'],
  [/^This field is not allowed\.$/, 'notAllowed'],
  [/^(?:Must be )?[Aa]t least (?<limit>\d+) characters\.$/, 'minLength'],
  [/^(?:Must be )?[Aa]t most (?<limit>\d+) characters\.$/, 'maxLength'],
  [/^Must be 1 to (?<limit>\d+) characters\.$/, 'lengthRange'],
  [/^Must be at least (?<limit>-?[\d.]+)\.$/, 'minimum'],
  [/^Must be at most (?<limit>-?[\d.]+)\.$/, 'maximum'],
  [/^Must be zero or more\.$/, 'zeroOrMore'],
  [/^Must be of type (?<type>\w+)\.$/, 'type'],
  [/^Must be a valid (?<format>[\w-]+)\.$/, 'format'],
  [/^Must be one of the allowed values\.$/, 'oneOf'],
  [/^Has an invalid format\.$/, 'pattern'],
  [/^(?:Must have )?[Aa]t least (?<limit>\d+) items\.$/, 'minItems'],
  [/^(?:Must have )?[Aa]t most (?<limit>\d+) items\.$/, 'maxItems'],
  [/^At most (?<limit>\d+) decimal places\.$/, 'decimals'],
  [/^Is already taken\.$/, 'taken'],
  [/^Expected a number\.$/, 'number'],
  [/^Expected a whole number\.$/, 'integer'],
  [/^An integer field has no decimals\.$/, 'integer'],
  [/^Expected text\.$/, 'text'],
  [/^Expected a single line\.$/, 'singleLine'],
  [/^Expected true or false\.$/, 'boolean'],
  [/^Expected a date, YYYY-MM-DD\.$/, 'date'],
  [/^Expected a date and time, ISO 8601/, 'datetime'],
  [/^Must be a valid date and time\.$/, 'datetime'],
  [/^This day does not exist\.$/, 'noSuchDay'],
  [/^Expected an email address\.$/, 'email'],
  [/^Expected a (?:full )?URL/, 'url'],
  [/^Only http and https URLs are accepted\.$/, 'httpOnly'],
  [/^Expected a hex colour/, 'color'],
  [/^Not among the choices\.$/, 'choice'],
  [/^Expected a list of choices\.$/, 'choices'],
  [/^Does not have the expected format\.$/, 'pattern'],
  [/^Must be (?<limit>.+) or later\.$/, 'notBefore'],
  [/^Must be (?<limit>.+) or earlier\.$/, 'notAfter'],
  [/^Write something\.$/, 'empty'],
  [/^The password is incorrect\.$/, 'password'],
  [/^The code is incorrect or has expired\.$/, 'code'],
  // Last: a field's own label, as content fields say it (`Price is required.`).
  [/^(?<label>[^.]{1,100}) is required\.$/, 'labelRequired'],
];

/** `message` in the interface's language when it is one the catalog knows, else unchanged. */
export function serverText(message: string): string {
  if (i18next.language === 'en' || !i18next.isInitialized) return message;
  for (const [pattern, key] of CATALOG) {
    const found = pattern.exec(message);
    if (found) return i18next.t(`server.${key}`, { ...found.groups });
  }
  return message;
}
