import { MESSAGES, WORDS } from './catalogue/index.js';
import { FIELD_MESSAGES } from './field-messages.js';
import { LANGUAGES, type Language } from './language.js';
import { fill, patternOf, surenessOf } from './templates.js';

/** A message the server writes: its English as a pattern, and its words in every language. */
interface Template {
  /** Where it is defined: a field message's code, else its path in the catalogue (`core.http.noRoute`). */
  key: string;
  pattern: RegExp;
  words: Record<Language, string>;
}

/** A value that is itself one of the server's messages (the reason a download failed): said too. */
const NESTED = 'reason';

/** The leaves of a catalogue tree by their dotted path. */
function leavesOf(node: object, path: string, out = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(node)) {
    const at = path ? `${path}.${name}` : name;
    if (typeof value === 'string') out.set(at, value);
    else leavesOf(value as object, at, out);
  }
  return out;
}

/** Every message the server knows in every language: the field messages, then the domain's. */
export function knownMessages(): Array<{ key: string; words: Record<Language, string> }> {
  const fields = Object.entries(FIELD_MESSAGES).map(([key, words]) => ({ key, words }));
  const byLanguage = LANGUAGES.map((language) => leavesOf(MESSAGES[language], ''));
  const domain = [...(byLanguage[0] ?? new Map<string, string>()).keys()].map((key) => ({
    key,
    words: Object.fromEntries(
      LANGUAGES.map((language, i) => [language, byLanguage[i]?.get(key) ?? '']),
    ) as Record<Language, string>,
  }));
  return [...fields, ...domain];
}

let templates: readonly Template[] | null = null;

/** Messages plugins said in every language (`plugin.messages.define`), beside the server's own. */
const pluginMessages: Array<{ key: string; words: Record<Language, string> }> = [];

/**
 * Adds a plugin's messages (`<area>.<key>` each): from now on its refusals are said in the caller's
 * language by the envelope, as the server's are. A key defined again replaces its words.
 */
export function addPluginMessages(
  entries: ReadonlyArray<{ key: string; words: Record<Language, string> }>,
): void {
  for (const entry of entries) {
    const at = pluginMessages.findIndex((known) => known.key === entry.key);
    if (at >= 0) pluginMessages.splice(at, 1);
    pluginMessages.push(entry);
  }
  templates = null;
}

/** The templates, surest first (see surenessOf); built when a message is first said in another language. */
function templatesInOrder(): readonly Template[] {
  templates ??= [...knownMessages(), ...pluginMessages]
    .map(({ key, words }) => ({ key, words, pattern: patternOf(words.en), sureness: surenessOf(words.en) }))
    .sort((a, b) => b.sureness - a.sureness)
    .map(({ key, words, pattern }) => ({ key, words, pattern }));
  return templates;
}

/** The template `message` was written from, with the values in it, or null for a message it does not know. */
export function templateOf(message: string): { key: string; values: Record<string, string> } | null {
  for (const { key, pattern } of templatesInOrder()) {
    const found = pattern.exec(message);
    if (found) return { key, values: { ...found.groups } };
  }
  return null;
}

/**
 * `message`, written in English by the server, in `language`: found among the messages the server
 * knows, its values put in the other language's words, the words the server puts into messages
 * (`suspended`, "image or video") said in that language too. A message it does not know (a
 * plugin's own) is returned as it was written.
 */
export function inLanguage(message: string, language: Language): string {
  if (language === 'en') return message;
  for (const { pattern, words } of templatesInOrder()) {
    const found = pattern.exec(message);
    if (found) return fill(words[language], valuesIn(found.groups, language));
  }
  return message;
}

/** A message's values as `language` says them: words the server puts in, and nested messages. */
function valuesIn(groups: Record<string, string> | undefined, language: Language): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(groups ?? {}))
    values[name] = name === NESTED ? inLanguage(value, language) : wordsOf(name, value, language);
  return values;
}

/** The words placeholder `name` takes (`change`: suspended, deleted...), or null for any value. */
function wordsTaken(words: object, name: string): Record<string, string> | null {
  const list = (words as Record<string, unknown>)[name];
  return typeof list === 'object' && list !== null ? (list as Record<string, string>) : null;
}

/**
 * A value in `language` when it is one of the words `name` takes (`suspended`), or a list of them
 * ("image or video", "submit, publish"); anything else (a name, a number) as it is.
 */
function wordsOf(name: string, value: string, language: Language): string {
  const english = wordsTaken(WORDS.en, name);
  if (!english) return value;
  const said = wordsTaken(WORDS[language], name) ?? english;
  const say = (word: string) => (Object.hasOwn(english, word) ? (said[word] ?? word) : null);
  const whole = say(value);
  if (whole !== null) return whole;
  const or = value.includes(WORDS.en.or);
  const parts = value.split(or ? WORDS.en.or : ', ').map(say);
  if (parts.length < 2 || parts.some((part) => part === null)) return value;
  return parts.join(or ? WORDS[language].or : ', ');
}
