import { html, type SafeHtml } from '@tessera/plugin';
import { acceptAttribute } from './file-kinds.js';
import {
  type FormDefinition,
  type FormField,
  type FormTranslation,
  HONEYPOT,
  isMultiValued,
  isSingleBox,
  LONGEST_VALUE,
  type SubmittedValues,
  TICKED,
} from './model.js';
import { type Words, wordsFor } from './words.js';

/**
 * A form's markup as the site shows it: it works without script, the browser checks what the server
 * checks again (required, lengths, bounds, pattern, types, accepted files), labels are tied to their
 * inputs, groups are fieldsets with a legend, and faults are tied to their fields and listed above
 * the form, the first faulty field focused. Class names start with `tb-form-` (the theme styles them).
 */

export interface RenderOptions {
  /** The page's language: the form's translation for it, else its own texts, and the plugin's words. */
  locale: string;
  /** Where the form posts. */
  action: string;
  /** What the visitor sent, when the form comes back with faults; absent: each field's default. */
  values?: Readonly<SubmittedValues>;
  /** Faults by field name; a key that is no field's is about the whole form (listed, not tied). */
  errors?: Readonly<Record<string, string>>;
  /** The platform's signed token (`page.formField(...)`); none in the admin's preview. */
  tokenField?: SafeHtml | null;
  /** The honeypot input's name. */
  honeypot?: string;
  /** Prefix of the ids, unique on the page when it shows several forms. */
  idPrefix?: string;
}

type FieldTexts = FormTranslation['fields'][string];

/** A form's own texts in a language: its translation's where written, its own elsewhere. */
export function textsIn(form: Pick<FormDefinition, 'title' | 'settings' | 'translations'>, locale: string) {
  const translation = form.translations[locale];
  const own = form.settings.success.kind === 'message' ? form.settings.success.message : '';
  return {
    title: translation?.title || form.title,
    submitLabel: translation?.submit_label || form.settings.submit_label,
    successMessage: translation?.success_message || own,
  };
}

interface Shown {
  field: FormField;
  id: string;
  label: string;
  help: string;
  placeholder: string;
  /** A consent's sentence in the page's language; empty when not translated. */
  consentText: string;
  error: string | undefined;
  /** The ids the input's aria-describedby names. */
  describedBy: string | undefined;
  autofocus: boolean;
  value: string | string[];
  words: Words;
  optionLabel(value: string, label: string): string;
}

export function renderForm(form: FormDefinition & { id?: number }, options: RenderOptions): SafeHtml {
  const words = wordsFor(options.locale);
  const translation = form.translations[options.locale];
  const prefix = options.idPrefix ?? `tb-form-${form.id ?? 'new'}`;
  const errors = options.errors ?? {};
  const firstInvalid = form.fields.find((field) => field.type !== 'hidden' && errors[field.name]);
  const shown = form.fields.map((field): Shown => {
    const texts: FieldTexts = translation?.fields[field.name] ?? {};
    const id = `${prefix}-${field.name}`;
    const help = texts.help || field.help;
    const error = errors[field.name];
    const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter((part) => part !== '');
    return {
      field,
      id,
      label: texts.label || field.label,
      help,
      placeholder: texts.placeholder || field.placeholder,
      consentText: texts.consent_text || '',
      error,
      describedBy: described.length > 0 ? described.join(' ') : undefined,
      autofocus: field === firstInvalid,
      value: valueShown(field, options.values),
      words,
      optionLabel: (value, label) => texts.options?.[value] || label,
    };
  });
  const multipart = form.fields.some((field) => field.type === 'file');
  const { submitLabel } = textsIn(form, options.locale);
  const trap = options.honeypot ?? HONEYPOT;
  return html`<form class="tb-form-form" method="post" action="${options.action}"${multipart ? html` enctype="multipart/form-data"` : ''}>${options.tokenField ?? ''}${summary(shown, errors, words, prefix)}
<div class="tb-form-fields">${shown.map(fieldMarkup)}</div>
<div class="tb-form-trap" aria-hidden="true"><label for="${prefix}-${trap}">${words.trap}</label><input id="${prefix}-${trap}" type="text" name="${trap}" value="" tabindex="-1" autocomplete="off"></div>
<button type="submit" class="tb-form-submit tb-button tb-button--primary tb-button--medium">${submitLabel}</button>
</form>`;
}

/** The list of faults above the form, each linking to its field; nothing when there are none. */
function summary(
  shown: readonly Shown[],
  errors: Readonly<Record<string, string>>,
  words: Words,
  prefix: string,
) {
  const tied = shown.filter((each) => each.error && each.field.type !== 'hidden');
  const names = new Set(shown.filter((each) => each.field.type !== 'hidden').map((each) => each.field.name));
  const general = Object.entries(errors).filter(([name]) => !names.has(name));
  if (tied.length === 0 && general.length === 0) return '';
  return html`
<div class="tb-form-errors" id="${prefix}-errors" role="alert"><p>${words.problems}</p><ul>${general.map(([, message]) => html`<li>${message}</li>`)}${tied.map((each) => html`<li><a href="#${firstInputId(each)}">${words.inField(each.label, each.error ?? '')}</a></li>`)}</ul></div>`;
}

/** The input a fault's link leads to: a group's first box. */
function firstInputId(shown: Shown): string {
  return shown.field.type === 'radio' || (shown.field.type === 'checkbox' && !isSingleBox(shown.field))
    ? `${shown.id}-0`
    : shown.id;
}

function valueShown(field: FormField, values: Readonly<SubmittedValues> | undefined): string | string[] {
  const raw = values ? (values[field.name] ?? '') : (field.default ?? '');
  if (isMultiValued(field)) return Array.isArray(raw) ? raw : raw.split('\n').filter((value) => value !== '');
  return Array.isArray(raw) ? (raw[0] ?? '') : raw;
}

const has = (value: string | string[], option: string) =>
  Array.isArray(value) ? value.includes(option) : value === option;

function classes(shown: Shown): string {
  const { field } = shown;
  return [
    'tb-form-field',
    `tb-form-field--${field.type}`,
    field.width === 'half' ? 'tb-form-field--half' : '',
    shown.error ? 'tb-form-field--invalid' : '',
  ]
    .filter((name) => name !== '')
    .join(' ');
}

/** What every input of a field carries: its description, validity and focus. */
function state(shown: Shown) {
  return html`${shown.describedBy ? html` aria-describedby="${shown.describedBy}"` : ''}${shown.error ? html` aria-invalid="true"` : ''}${shown.autofocus ? html` autofocus` : ''}`;
}

function requiredMark(shown: Shown, spoken: boolean) {
  if (!shown.field.required) return '';
  return html`<span class="tb-form-required" aria-hidden="true"> *</span>${spoken ? html`<span class="tb-visually-hidden"> ${shown.words.requiredMark}</span>` : ''}`;
}

function help(shown: Shown) {
  return shown.help ? html`<p class="tb-form-help" id="${shown.id}-help">${shown.help}</p>` : '';
}

function error(shown: Shown) {
  return shown.error ? html`<p class="tb-form-error" id="${shown.id}-error">${shown.error}</p>` : '';
}

function fieldMarkup(shown: Shown): SafeHtml {
  const { field } = shown;
  if (field.type === 'hidden')
    return html`<input type="hidden" name="${field.name}" value="${Array.isArray(shown.value) ? shown.value.join('\n') : shown.value}">`;
  if (field.type === 'radio' || (field.type === 'checkbox' && !isSingleBox(field))) return group(shown);
  if (isSingleBox(field)) return box(shown);
  return html`
<div class="${classes(shown)}"><label class="tb-form-label" for="${shown.id}">${shown.label}${requiredMark(shown, false)}</label>${help(shown)}${control(shown)}${error(shown)}</div>`;
}

/** Radio buttons and checkbox groups: a fieldset whose legend is the field's label. */
function group(shown: Shown): SafeHtml {
  const { field } = shown;
  const radio = field.type === 'radio';
  // The browser can ask for one radio of a group; "at least one box" it cannot, so the server alone checks it.
  const required = radio && field.required;
  return html`
<fieldset class="${classes(shown)}"><legend class="tb-form-label">${shown.label}${requiredMark(shown, !radio)}</legend>${help(shown)}<div class="tb-form-options">${field.options.map(
    (option, k) =>
      html`<div class="tb-form-option"><input type="${radio ? 'radio' : 'checkbox'}" id="${shown.id}-${k}" name="${field.name}" value="${option.value}"${has(shown.value, option.value) ? html` checked` : ''}${required ? html` required` : ''}${state({ ...shown, autofocus: shown.autofocus && k === 0 })}><label for="${shown.id}-${k}">${shown.optionLabel(option.value, option.label)}</label></div>`,
  )}</div>${error(shown)}</fieldset>`;
}

/** A single checkbox or a consent box, its label beside it. */
function box(shown: Shown): SafeHtml {
  const { field } = shown;
  const translated = field.type === 'consent' ? consentText(shown) : shown.label;
  return html`
<div class="${classes(shown)}"><div class="tb-form-option"><input type="checkbox" id="${shown.id}" name="${field.name}" value="${TICKED}"${shown.value === TICKED ? html` checked` : ''}${field.required ? html` required` : ''}${state(shown)}><label for="${shown.id}">${translated}${requiredMark(shown, false)}</label></div>${help(shown)}${error(shown)}</div>`;
}

/** The consent sentence; its part in [brackets] links to the consent's address (all of it without brackets). */
function consentText(shown: Shown): SafeHtml | string {
  const { field } = shown;
  const sentence = shown.consentText || field.consent_text || shown.label;
  if (!field.consent_url) return sentence.replace(/\[([^\]]*)\]/, '$1');
  const parts = /^(.*?)\[([^\]]+)\](.*)$/s.exec(sentence);
  const link = (text: string) =>
    html`<a class="tb-form-consent-link" href="${field.consent_url}" target="_blank" rel="noopener">${text}</a>`;
  return parts ? html`${parts[1]}${link(parts[2] ?? '')}${parts[3]}` : link(sentence);
}

function control(shown: Shown): SafeHtml {
  const { field } = shown;
  const value = Array.isArray(shown.value) ? shown.value.join('\n') : shown.value;
  const name = field.name;
  const required = field.required ? html` required` : '';
  const placeholder = shown.placeholder ? html` placeholder="${shown.placeholder}"` : '';
  const longest = Math.min(field.max_length ?? LONGEST_VALUE[field.type], LONGEST_VALUE[field.type]);
  const lengths = html`${field.min_length !== null ? html` minlength="${field.min_length}"` : ''} maxlength="${longest}"`;
  switch (field.type) {
    case 'textarea':
      return html`<textarea id="${shown.id}" name="${name}" rows="6"${lengths}${required}${placeholder}${state(shown)}>${value}</textarea>`;
    case 'select':
      return html`<select id="${shown.id}" name="${name}"${field.multiple ? html` multiple` : ''}${required}${state(shown)}>${field.multiple ? '' : html`<option value="">${shown.placeholder || shown.words.choose}</option>`}${field.options.map((option) => html`<option value="${option.value}"${has(shown.value, option.value) ? html` selected` : ''}>${shown.optionLabel(option.value, option.label)}</option>`)}</select>`;
    case 'file':
      return html`<input id="${shown.id}" type="file" name="${name}" accept="${acceptAttribute(field.accept)}"${field.multiple ? html` multiple` : ''}${required}${state(shown)}>`;
    case 'number':
      return html`<input id="${shown.id}" type="number" name="${name}" value="${value}" step="any"${field.min !== null ? html` min="${field.min}"` : ''}${field.max !== null ? html` max="${field.max}"` : ''}${required}${placeholder}${state(shown)}>`;
    case 'date':
      return html`<input id="${shown.id}" type="date" name="${name}" value="${value}"${field.min_date !== null ? html` min="${field.min_date}"` : ''}${field.max_date !== null ? html` max="${field.max_date}"` : ''}${required}${state(shown)}>`;
    default: {
      const type = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
      const autocomplete = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : null;
      return html`<input id="${shown.id}" type="${type}" name="${name}" value="${value}"${lengths}${field.pattern !== null ? html` pattern="${field.pattern}"` : ''}${autocomplete ? html` autocomplete="${autocomplete}"` : ''}${required}${placeholder}${state(shown)}>`;
    }
  }
}
