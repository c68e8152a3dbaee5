import { i18next } from './index.js';
import { CODES } from './server/codes.js';
import { type KnownServerWords, knownServerWords } from './server/known.js';
import { type Matcher, NESTED } from './server/templates.js';

/**
 * The server's generic messages, in the words it sends (its input validation in
 * core/http/error-handler.ts, content field checks in content/fields/validate-values.ts, the error
 * classes of core/errors.ts), each with the key of its translation under `server`: the same keys
 * say the admin's own checks of a form (forms.ts). The domain's messages are templates under
 * `fromServer.messages` (server/messages.ts), fetched with the interface's language when it is not
 * English (server/language.ts). A message neither knows is shown as the server wrote it.
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

const GENERIC: readonly Matcher[] = CATALOG.map(([pattern, key]) => ({ key: `server.${key}`, pattern }));

/** Whether a message has values to read out of it (a named group), or is the same words each time. */
const carriesValues = (matcher: Matcher) => /\(\?<\w+>/.test(matcher.pattern.source);

/**
 * `message` in the interface's language when the admin knows it, else unchanged. With the envelope's
 * `code`, a message that carries no value is said by its code alone; the others are read against
 * the code's own messages first, for the values in them. The domain's templates come first (the
 * surest first), then the generic catalogue, whose last entry (`<label> is required.`) takes anything.
 */
export function serverText(message: string, code?: string): string {
  if (i18next.language === 'en' || !i18next.isInitialized) return message;
  const known = knownServerWords();
  const matchers = [...(known?.matchers ?? []), ...GENERIC];
  const keys = code === undefined ? undefined : CODES[code];
  const [only, ...others] = keys ?? [];
  const ofOnly = matchers.filter((matcher) => matcher.key === only);
  if (only !== undefined && others.length === 0 && ofOnly.length > 0 && !ofOnly.some(carriesValues))
    return i18next.t(only);
  const first = keys ? matchers.filter((matcher) => keys.includes(matcher.key)) : [];
  for (const { key, pattern } of [...first, ...matchers]) {
    const found = pattern.exec(message);
    if (found) return i18next.t(key, valuesIn(found.groups, known));
  }
  return message;
}

/** A message's values as the interface says them: words the server puts in, and nested messages. */
function valuesIn(
  groups: Record<string, string> | undefined,
  known: KnownServerWords | null,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups ?? {}))
    values[name] = name === NESTED ? serverText(value) : known ? wordsOf(name, value, known.words) : value;
  return values;
}

/**
 * A value in the interface's language when it is one of the words `name` takes (`suspended`), or a
 * list of them ("image or video", "submit, publish"); anything else (a name, a number) as it is.
 */
function wordsOf(name: string, value: string, english: KnownServerWords['words']): string {
  const words = (english as Record<string, unknown>)[name];
  if (typeof words !== 'object' || words === null) return value;
  const say = (word: string) =>
    Object.hasOwn(words, word) ? i18next.t(`fromServer.words.${name}.${word}`) : null;
  const whole = say(value);
  if (whole !== null) return whole;
  const or = value.includes(english.or);
  const parts = value.split(or ? english.or : ', ').map(say);
  if (parts.length < 2 || parts.some((part) => part === null)) return value;
  return parts.join(or ? i18next.t('fromServer.words.or') : ', ');
}
