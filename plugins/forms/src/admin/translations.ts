import type { FieldTranslation, FormTranslation } from './records.js';

export type Translations = Record<string, FormTranslation>;
export type FormText = 'title' | 'submit_label' | 'success_message';
export type FieldText = 'label' | 'help' | 'placeholder' | 'consent_text';

/**
 * The form's translations, kept as the API takes them: a text left empty is no text (the site
 * falls back to the form's own), and a field or language with nothing left is dropped, so what is
 * saved says only what was written.
 */
const pruned = (translation: FormTranslation): FormTranslation | null => {
  const fields = Object.fromEntries(
    Object.entries(translation.fields).flatMap(([name, field]) => {
      const options = field.options && Object.keys(field.options).length > 0 ? field.options : undefined;
      const { options: _options, ...texts } = field;
      const kept: FieldTranslation = { ...texts, ...(options ? { options } : {}) };
      return Object.keys(kept).length > 0 ? [[name, kept]] : [];
    }),
  );
  const { fields: _fields, ...texts } = translation;
  return Object.keys(texts).length > 0 || Object.keys(fields).length > 0 ? { ...texts, fields } : null;
};

function changed(
  translations: Translations,
  locale: string,
  change: (was: FormTranslation) => FormTranslation,
) {
  const next = { ...translations };
  const result = pruned(change(translations[locale] ?? { fields: {} }));
  if (result) next[locale] = result;
  else delete next[locale];
  return next;
}

const withText = <T extends object, K extends keyof T>(object: T, key: K, text: string): T => {
  const next = { ...object };
  if (text === '') delete next[key];
  else next[key] = text as T[K];
  return next;
};

/** The form's title, submit label or success message in a language ('' removes it). */
export const withFormText = (translations: Translations, locale: string, text: FormText, value: string) =>
  changed(translations, locale, (was) => withText(was, text, value));

/** A field's label, help, placeholder or consent text in a language ('' removes it). */
export const withFieldText = (
  translations: Translations,
  locale: string,
  field: string,
  text: FieldText,
  value: string,
) =>
  changed(translations, locale, (was) => ({
    ...was,
    fields: { ...was.fields, [field]: withText(was.fields[field] ?? {}, text, value) },
  }));

/** An option's label in a language, by the option's value ('' removes it). */
export const withOptionText = (
  translations: Translations,
  locale: string,
  field: string,
  option: string,
  value: string,
) =>
  changed(translations, locale, (was) => {
    const translated = was.fields[field] ?? {};
    return {
      ...was,
      fields: {
        ...was.fields,
        [field]: { ...translated, options: withText(translated.options ?? {}, option, value) },
      },
    };
  });

/** Every language's words of a field follow it when it is renamed (they are keyed by its name). */
export function renamedField(translations: Translations, from: string, to: string): Translations {
  if (from === to) return translations;
  return Object.fromEntries(
    Object.entries(translations).map(([locale, translation]) => {
      const { [from]: moving, ...rest } = translation.fields;
      return [locale, { ...translation, fields: moving ? { ...rest, [to]: moving } : rest }];
    }),
  );
}

/** Every language's words of a field removed with it. */
export function withoutField(translations: Translations, name: string): Translations {
  return Object.fromEntries(
    Object.entries(translations).flatMap(([locale, translation]) => {
      const { [name]: _gone, ...fields } = translation.fields;
      const kept = pruned({ ...translation, fields });
      return kept ? [[locale, kept]] : [];
    }),
  );
}

/**
 * The option labels of a field, in every language, after its options changed: a label follows its
 * option to a new value (`renames`: old value to new), and goes with an option removed.
 */
export function withOptionValues(
  translations: Translations,
  field: string,
  values: readonly string[],
  renames: ReadonlyMap<string, string> = new Map(),
): Translations {
  return Object.fromEntries(
    Object.entries(translations).flatMap(([locale, translation]) => {
      const translated = translation.fields[field];
      if (!translated?.options) return [[locale, translation]];
      const options = Object.fromEntries(
        Object.entries(translated.options).flatMap(([value, label]) => {
          const now = renames.get(value) ?? value;
          return values.includes(now) ? [[now, label]] : [];
        }),
      );
      const kept = pruned({
        ...translation,
        fields: { ...translation.fields, [field]: { ...translated, options } },
      });
      return kept ? [[locale, kept]] : [];
    }),
  );
}
