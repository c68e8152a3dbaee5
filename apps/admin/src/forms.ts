import type { ApiError } from './api.js';
import { i18next } from './i18n/index.js';

/** The server's 422 messages by field, for the inputs' `error` props; the first message of each. */
export function fieldErrors(error: ApiError | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error?.errors ?? {}))
    if (messages[0]) errors[field] = messages[0];
  return errors;
}

/** What `inputProblem` reads of an input: its value, its constraint attributes and its validity. */
export interface ConstrainedInput {
  type: string;
  value: string;
  /** -1 (the DOM's default) when the input has none. */
  minLength: number;
  maxLength: number;
  min: string;
  max: string;
  step: string;
  validity: Pick<
    ValidityState,
    | 'valueMissing'
    | 'tooShort'
    | 'tooLong'
    | 'rangeUnderflow'
    | 'rangeOverflow'
    | 'stepMismatch'
    | 'typeMismatch'
    | 'patternMismatch'
    | 'badInput'
  >;
}

/** Says a problem: the key of its words under `server` in the admin's messages, with their values. */
export type Say = (key: string, values?: Record<string, string | number>) => string;

/** Says a problem in the admin's language, in the words it gives the server's own message. */
export const sayInLanguage: Say = (key, values) => i18next.t(`server.${key}`, values);

/**
 * The problem with one input, in the words the admin gives the server's own message for the same
 * rule (the inputs carry the server's limits as their attributes), or null.
 */
export function inputProblem(input: ConstrainedInput, say: Say = sayInLanguage): string | null {
  const { validity } = input;
  if (validity.valueMissing) return say('required');
  if (validity.badInput)
    return say(input.type === 'date' ? 'date' : input.type.startsWith('datetime') ? 'datetime' : 'number');
  if (validity.typeMismatch)
    return say(input.type === 'email' ? 'email' : input.type === 'url' ? 'url' : 'pattern');
  // Browsers flag tooShort only after a person edits the value, so the length is counted here.
  if (
    validity.tooShort ||
    (input.minLength > 0 && input.value !== '' && input.value.length < input.minLength)
  )
    return say('minLength', { limit: input.minLength });
  if (validity.tooLong || (input.maxLength >= 0 && input.value.length > input.maxLength))
    return say('maxLength', { limit: input.maxLength });
  if (validity.rangeUnderflow) return say('minimum', { limit: input.min });
  if (validity.rangeOverflow) return say('maximum', { limit: input.max });
  if (validity.stepMismatch) {
    const places = input.step.split('.')[1]?.length ?? 0;
    return places === 0 ? say('integer') : say('decimals', { limit: places });
  }
  if (validity.patternMismatch) return say('pattern');
  return null;
}

/**
 * The problems of a form's inputs by their names, as the server's 422 would give them, or null:
 * checked before a call so a mistake is said at once, in the admin's language, beside its field.
 * The form needs `noValidate`, else the browser's own bubbles speak first.
 */
export function formProblems(form: HTMLFormElement): ApiError | null {
  const errors: Record<string, string[]> = {};
  for (const element of Array.from(form.elements)) {
    const input = element as Partial<HTMLInputElement>;
    if (!input.name || !input.willValidate || !input.validity || errors[input.name]) continue;
    const problem = inputProblem({
      type: input.type ?? '',
      value: input.value ?? '',
      minLength: input.minLength ?? -1,
      maxLength: input.maxLength ?? -1,
      min: input.min ?? '',
      max: input.max ?? '',
      step: input.step ?? '',
      validity: input.validity,
    });
    if (problem) errors[input.name] = [problem];
  }
  return Object.keys(errors).length > 0 ? { message: i18next.t('server.invalid'), errors } : null;
}

/** `problems` and one more, for what no input of the form holds (a picker, tags, checkboxes). */
export function withProblem(problems: ApiError | null, field: string, message: string): ApiError {
  return { message: i18next.t('server.invalid'), errors: { ...problems?.errors, [field]: [message] } };
}

/** A pure check's problems by field (one message each) as the 422 a form shows, or null when none. */
export function asApiError(problems: Record<string, string>): ApiError | null {
  const entries = Object.entries(problems);
  if (entries.length === 0) return null;
  return {
    message: i18next.t('server.invalid'),
    errors: Object.fromEntries(entries.map(([field, message]) => [field, [message]])),
  };
}
