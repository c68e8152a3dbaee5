import { Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import { LabelledChoice, SECTION } from './controls.js';
import type { Draft } from './draft.js';
import { inputsOf } from './field-model.js';
import { messagesAt } from './save-errors.js';
import {
  type FieldText,
  type FormText,
  withFieldText,
  withFormText,
  withOptionText,
} from './translations.js';

/** A language's name in the interface's language (`fr` is "French", or "Français" in French). */
export function languageName(code: string, uiLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
    // French names its languages in lower case: a choice among them starts with a capital.
    return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * The form's words in the site's other languages: for the language chosen, each text the form has
 * in its own language, beside it. What is left empty shows in the form's own language.
 */
export function TranslationsEditor(props: {
  draft: Draft;
  /** The site's languages other than the form's own (its default). */
  locales: readonly string[];
  locale: string | null;
  onLocale: (locale: string) => void;
  errors: Readonly<Record<string, readonly string[]>>;
  onChange: (draft: Draft) => void;
  language: string;
  t: AdminTranslate;
}) {
  const { draft, locale, t } = props;
  if (props.locales.length === 0 || !locale) return <Text c="dimmed">{t('translations.oneLanguage')}</Text>;
  const words = draft.translations[locale];
  const error = (path: string) => messagesAt(props.errors, `${locale}.${path}`);
  const original = (text: string) => t('translations.original', { text });
  const setForm = (text: FormText, value: string) =>
    props.onChange({ ...draft, translations: withFormText(draft.translations, locale, text, value) });
  const setField = (name: string, text: FieldText, value: string) =>
    props.onChange({ ...draft, translations: withFieldText(draft.translations, locale, name, text, value) });
  const name = languageName(locale, props.language);

  return (
    <Stack gap="lg" maw={720}>
      <LabelledChoice
        label={t('translations.language')}
        value={locale}
        onChange={props.onLocale}
        data={props.locales.map((code) => ({ value: code, label: languageName(code, props.language) }))}
        help={t('translations.intro', { language: name })}
      />
      <Fieldset legend={t('translations.form')} variant="unstyled" styles={SECTION}>
        <Stack gap="sm">
          <TextInput
            label={t('translations.title', { language: name })}
            description={original(draft.title)}
            value={words?.title ?? ''}
            onChange={(event) => setForm('title', event.currentTarget.value)}
            error={error('title')}
          />
          <TextInput
            label={t('translations.submitLabel', { language: name })}
            description={original(draft.settings.submit_label)}
            value={words?.submit_label ?? ''}
            onChange={(event) => setForm('submit_label', event.currentTarget.value)}
            error={error('submit_label')}
          />
          {draft.settings.success.kind === 'message' ? (
            <Textarea
              label={t('translations.successMessage', { language: name })}
              description={original(draft.settings.success.message)}
              autosize
              minRows={2}
              value={words?.success_message ?? ''}
              onChange={(event) => setForm('success_message', event.currentTarget.value)}
              error={error('success_message')}
            />
          ) : null}
        </Stack>
      </Fieldset>
      {draft.fields.map((field) => {
        const translated = words?.fields[field.name];
        const shown = new Set(inputsOf(field));
        const texts: FieldText[] = ['label'];
        if (shown.has('help') && field.help) texts.push('help');
        if (shown.has('placeholder') && field.placeholder) texts.push('placeholder');
        if (shown.has('consent_text')) texts.push('consent_text');
        const path = (text: string) => `fields.${field.name}.${text}`;
        return (
          <Fieldset key={field.key} legend={field.label || field.name} variant="filled" p="sm">
            <Stack gap="sm">
              {texts.map((text) => {
                const input = {
                  label: t(`translations.${text}`, { language: name }),
                  description: original(field[text]),
                  value: translated?.[text] ?? '',
                  error: error(path(text)),
                };
                return text === 'help' || text === 'consent_text' ? (
                  <Textarea
                    key={text}
                    {...input}
                    autosize
                    minRows={2}
                    onChange={(event) => setField(field.name, text, event.currentTarget.value)}
                  />
                ) : (
                  <TextInput
                    key={text}
                    {...input}
                    onChange={(event) => setField(field.name, text, event.currentTarget.value)}
                  />
                );
              })}
              {shown.has('options')
                ? field.options.map((option) => (
                    <TextInput
                      key={option.value}
                      label={t('translations.option', {
                        option: option.label || option.value,
                        language: name,
                      })}
                      description={original(option.label)}
                      value={translated?.options?.[option.value] ?? ''}
                      onChange={(event) =>
                        props.onChange({
                          ...draft,
                          translations: withOptionText(
                            draft.translations,
                            locale,
                            field.name,
                            option.value,
                            event.currentTarget.value,
                          ),
                        })
                      }
                      error={error(`fields.${field.name}.options.${option.value}`)}
                    />
                  ))
                : null}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
