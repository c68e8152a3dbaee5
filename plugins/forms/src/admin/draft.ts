import { type DraftField, draftOf, savedField } from './field-model.js';
import type { Form, FormDefinition, FormSettings } from './records.js';
import { renamedField, type Translations, withOptionValues, withoutField } from './translations.js';

/** The form as the builder holds it while it is edited. */
export interface Draft {
  title: string;
  slug: string;
  fields: DraftField[];
  settings: FormSettings;
  translations: Translations;
}

/** A saved form as a draft; `keys` gives each field its key (kept from before a save, or new). */
export const formDraft = (form: Form, keys: (index: number) => string): Draft => ({
  title: form.title,
  slug: form.slug,
  fields: form.fields.map((field, index) => draftOf(field, keys(index))),
  settings: form.settings,
  translations: form.translations,
});

/** The draft as PUT /forms/:id takes it (and, without the slug, the preview). */
export const definitionOf = (draft: Draft): FormDefinition => ({
  title: draft.title,
  slug: draft.slug,
  fields: draft.fields.map(savedField),
  settings: draft.settings,
  translations: draft.translations,
});

/** Settings naming a field by its name (its reply-to, the confirmation's address) follow it. */
function settingsRenamed(settings: FormSettings, from: string, to: string | null): FormSettings {
  const follow = (name: string | null) => (name === from ? to : name);
  return {
    ...settings,
    reply_to_field: follow(settings.reply_to_field),
    confirmation: { ...settings.confirmation, email_field: follow(settings.confirmation.email_field) },
  };
}

/**
 * The draft with a field changed: its words in other languages and the settings naming it follow
 * a new name, and its options' translated labels follow their values (by position: the option at
 * the same place whose value changed was renamed) or go with them.
 */
export function withFieldChanged(draft: Draft, key: string, next: DraftField): Draft {
  const before = draft.fields.find((field) => field.key === key);
  if (!before) return draft;
  let translations = renamedField(draft.translations, before.name, next.name);
  let settings = draft.settings;
  if (before.name !== next.name) settings = settingsRenamed(settings, before.name, next.name);
  const values = next.options.map((option) => option.value);
  const oldValues = before.options.map((option) => option.value);
  if (values.join('\n') !== oldValues.join('\n')) {
    const renames = new Map<string, string>();
    before.options.forEach((option, index) => {
      const now = next.options[index];
      if (now && now.value !== option.value && !oldValues.includes(now.value))
        renames.set(option.value, now.value);
    });
    translations = withOptionValues(translations, next.name, values, renames);
  }
  return {
    ...draft,
    settings,
    translations,
    fields: draft.fields.map((field) => (field.key === key ? next : field)),
  };
}

/** The draft without a field, nor its words in other languages, nor the settings naming it. */
export function withFieldRemoved(draft: Draft, key: string): Draft {
  const gone = draft.fields.find((field) => field.key === key);
  if (!gone) return draft;
  return {
    ...draft,
    fields: draft.fields.filter((field) => field.key !== key),
    translations: withoutField(draft.translations, gone.name),
    settings: settingsRenamed(draft.settings, gone.name, null),
  };
}
