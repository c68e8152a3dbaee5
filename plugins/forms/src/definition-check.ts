import { isKnownKind } from './file-kinds.js';
import {
  type FormDefinition,
  type FormField,
  HONEYPOT,
  isMultiValued,
  isSingleBox,
  LONGEST_VALUE,
  RESERVED_NAMES,
  TICKED,
  takesOptions,
} from './model.js';
import { isDate, isEmail, wholeValuePattern } from './rules.js';

/**
 * What a form's definition must hold beyond its schema's shapes (which the route checks first):
 * names unique, choices to choose from, rules that agree with one another, a pattern the browser
 * can run, defaults a visitor could have typed, settings that name fields of the right type, and
 * translations of what exists. Messages by path, as a 422 names them (`fields.2.name`); in
 * English, as the plugin's own messages are sent.
 */

export interface DefinitionContext {
  /** The site's languages: the keys translations may have. */
  locales: readonly string[];
  /** The plugin's `max_upload_mb`: no file field may allow more. */
  maxUploadMb: number;
  /**
   * Why the server's engine (RE2, `plugin.patterns.problem`) cannot run a pattern: backreferences,
   * lookaround, too large. A pattern must hold in both the browser's engine and this one.
   */
  patternProblem?: (pattern: string) => string | null;
}

export type PathMessages = Record<string, string[]>;

/** A site path (`/thanks`) or an http(s) address. */
export function isSuccessTarget(to: string): boolean {
  if (/^\/(?![/\\])/.test(to)) return !/\s/.test(to);
  return isWebAddress(to);
}

function isWebAddress(to: string): boolean {
  try {
    const url = new URL(to);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function checkDefinition(form: FormDefinition, context: DefinitionContext): PathMessages {
  const messages: PathMessages = {};
  const say = (path: string, message: string) => {
    const list = messages[path] ?? [];
    list.push(message);
    messages[path] = list;
  };
  if (form.title.trim() === '') say('title', 'Give the form a title.');

  const seen = new Set<string>();
  form.fields.forEach((field, i) => {
    const at = `fields.${i}`;
    if (RESERVED_NAMES.includes(field.name) || field.name === HONEYPOT)
      say(`${at}.name`, `${field.name} is reserved.`);
    else if (seen.has(field.name)) say(`${at}.name`, `Another field is named ${field.name}.`);
    seen.add(field.name);
    if (field.label.trim() === '') say(`${at}.label`, 'Give the field a label.');
    checkField(field, at, context, say);
  });

  checkSettings(form, say);
  checkTranslations(form, context, say);
  return messages;
}

type Say = (path: string, message: string) => void;

function checkField(field: FormField, at: string, context: DefinitionContext, say: Say): void {
  if (takesOptions(field)) checkOptions(field, at, say);
  const longest = LONGEST_VALUE[field.type];
  if (field.max_length !== null && field.max_length > longest)
    say(`${at}.max_length`, `At most ${longest} for a field of this type.`);
  if (field.min_length !== null && field.max_length !== null && field.min_length > field.max_length)
    say(`${at}.min_length`, 'The minimum length is more than the maximum.');
  if (field.min !== null && field.max !== null && field.min > field.max)
    say(`${at}.min`, 'The minimum is more than the maximum.');
  if (field.min_date !== null && !isDate(field.min_date))
    say(`${at}.min_date`, 'Write a date as yyyy-mm-dd.');
  if (field.max_date !== null && !isDate(field.max_date))
    say(`${at}.max_date`, 'Write a date as yyyy-mm-dd.');
  if (
    field.min_date !== null &&
    field.max_date !== null &&
    isDate(field.min_date) &&
    field.min_date > field.max_date
  )
    say(`${at}.min_date`, 'The earliest date is after the latest.');
  if (field.pattern !== null && wholeValuePattern(field.pattern) === null)
    say(`${at}.pattern`, 'This is not a regular expression browsers can run.');
  else if (field.pattern !== null) {
    const problem = context.patternProblem?.(field.pattern) ?? null;
    if (problem !== null) say(`${at}.pattern`, problem);
  }
  field.accept.forEach((kind, k) => {
    if (!isKnownKind(kind))
      say(
        `${at}.accept.${k}`,
        'Name a MIME type (application/pdf) or image, document, audio, video or archive.',
      );
  });
  if (field.max_size_mb !== null && field.max_size_mb > context.maxUploadMb)
    say(`${at}.max_size_mb`, `At most ${context.maxUploadMb} MB, the plugin's setting.`);
  if (field.type === 'consent') {
    if (field.consent_text === '' && field.label === '')
      say(`${at}.consent_text`, 'Write what the visitor agrees to.');
    if (field.consent_url !== null && !isSuccessTarget(field.consent_url))
      say(
        `${at}.consent_url`,
        'Give a path of the site (/privacy) or an address starting with http:// or https://.',
      );
  }
  if (field.default !== null) checkDefault(field, at, say);
}

function checkOptions(field: FormField, at: string, say: Say): void {
  if (field.options.length === 0 && field.type !== 'checkbox')
    say(`${at}.options`, 'Give at least one option.');
  const values = new Set<string>();
  field.options.forEach((option, k) => {
    if (option.value.trim() === '') say(`${at}.options.${k}.value`, 'Give the option a value.');
    else if (option.value !== option.value.trim() || option.value.includes('\n'))
      say(`${at}.options.${k}.value`, 'A value cannot start or end with a space, nor hold a line break.');
    else if (values.has(option.value)) say(`${at}.options.${k}.value`, 'Another option has this value.');
    values.add(option.value);
    if (option.label.trim() === '') say(`${at}.options.${k}.label`, 'Give the option a label.');
  });
}

/** A default is a value a visitor could have sent: the field's own rules hold for it. */
function checkDefault(field: FormField, at: string, say: Say): void {
  const value = field.default ?? '';
  const path = `${at}.default`;
  const offered = (each: string) => field.options.some((option) => option.value === each);
  if (field.type === 'consent') {
    say(path, 'A consent box cannot be ticked in advance.');
    return;
  }
  if (isSingleBox(field)) {
    if (value !== TICKED) say(path, `Leave it empty, or ${TICKED} to tick the box.`);
    return;
  }
  if (isMultiValued(field)) {
    if (!value.split('\n').every(offered)) say(path, 'Each default value must be one of the options.');
    return;
  }
  if (takesOptions(field)) {
    if (!offered(value)) say(path, 'The default must be one of the options.');
    return;
  }
  if (value.length > Math.min(field.max_length ?? LONGEST_VALUE[field.type], LONGEST_VALUE[field.type])) {
    say(path, 'The default is longer than the field allows.');
    return;
  }
  if (field.type === 'email' && !isEmail(value)) say(path, 'The default is not an email address.');
  if (field.type === 'number') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) say(path, 'The default is not a number.');
    else if ((field.min !== null && number < field.min) || (field.max !== null && number > field.max))
      say(path, 'The default is outside the minimum and maximum.');
  }
  if (field.type === 'date') {
    if (!isDate(value)) say(path, 'Write the default date as yyyy-mm-dd.');
    else if (
      (field.min_date !== null && value < field.min_date) ||
      (field.max_date !== null && value > field.max_date)
    )
      say(path, 'The default date is outside the earliest and latest dates.');
  }
  if (field.pattern !== null && wholeValuePattern(field.pattern)?.test(value) === false)
    say(path, 'The default does not match the pattern.');
}

function checkSettings(form: FormDefinition, say: Say): void {
  const { settings } = form;
  const emailField = (name: string) =>
    form.fields.some((field) => field.name === name && field.type === 'email');
  if (settings.submit_label.trim() === '') say('settings.submit_label', 'Give the button a label.');
  if (settings.success.kind === 'message' && settings.success.message.trim() === '')
    say('settings.success.message', 'Write the message shown once the form is sent.');
  if (settings.success.kind === 'redirect' && !isSuccessTarget(settings.success.to))
    say(
      'settings.success.to',
      'Give a path of the site (/thanks) or an address starting with http:// or https://.',
    );
  settings.recipients.forEach((recipient, i) => {
    if (!isEmail(recipient)) say(`settings.recipients.${i}`, 'This is not an email address.');
  });
  if (settings.reply_to_field !== null && !emailField(settings.reply_to_field))
    say('settings.reply_to_field', `No email field is named ${settings.reply_to_field}.`);
  const { confirmation } = settings;
  if (confirmation.email_field !== null && !emailField(confirmation.email_field))
    say('settings.confirmation.email_field', `No email field is named ${confirmation.email_field}.`);
  else if (confirmation.enabled && confirmation.email_field === null)
    say('settings.confirmation.email_field', 'Choose the email field the copy is sent to.');
}

function checkTranslations(form: FormDefinition, context: DefinitionContext, say: Say): void {
  for (const [locale, translation] of Object.entries(form.translations)) {
    const at = `translations.${locale}`;
    if (!context.locales.includes(locale)) {
      say(at, `The site has no language ${locale}.`);
      continue;
    }
    for (const [name, texts] of Object.entries(translation.fields)) {
      const field = form.fields.find((each) => each.name === name);
      if (!field) {
        say(`${at}.fields.${name}`, `No field is named ${name}.`);
        continue;
      }
      for (const value of Object.keys(texts.options ?? {}))
        if (!field.options.some((option) => option.value === value))
          say(`${at}.fields.${name}.options.${value}`, `${field.label} has no option ${value}.`);
    }
  }
}
