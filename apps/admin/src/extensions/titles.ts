import { useTranslation } from 'react-i18next';

/**
 * A plugin's titles in the interface's language: a key of its own translations, else the words as
 * written (a title with no such key, or from a plugin with no translations).
 */
export function usePluginTitle(): (owned: { namespace: string; title: string }) => string {
  const { t } = useTranslation();
  return ({ namespace, title }) => t(title, { ns: namespace, defaultValue: title, nsSeparator: false });
}
