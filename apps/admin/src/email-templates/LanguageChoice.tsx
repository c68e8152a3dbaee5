import { SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageName } from '../content/editor/TranslationsPanel.js';

/** A language's name as a label on its own: "Français", not "français". */
export function languageLabel(language: string, interfaceLanguage: string): string {
  const name = languageName(language, interfaceLanguage);
  return name.charAt(0).toLocaleUpperCase(interfaceLanguage) + name.slice(1);
}

/** Which language's template is edited: side by side when there are a few, else a list. */
export function LanguageChoice({
  languages,
  value,
  onChange,
}: {
  languages: readonly string[];
  value: string;
  onChange: (language: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const data = languages.map((language) => ({
    value: language,
    label: languageLabel(language, i18n.language),
  }));
  if (languages.length > 4)
    return (
      <Select
        label={t('emailTemplates.language')}
        data={data}
        value={value}
        allowDeselect={false}
        onChange={(language) => language && onChange(language)}
        w={200}
      />
    );
  return (
    <SegmentedControl
      aria-label={t('emailTemplates.language')}
      data={data}
      value={value}
      onChange={onChange}
    />
  );
}
