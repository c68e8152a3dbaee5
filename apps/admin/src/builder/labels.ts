import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockType } from './queries.js';
import { humanize, type JsonSchema } from './schema.js';

/**
 * The words for what the server names in English (block types, props, choices): translated where
 * the admin knows them, the server's words or the prop's name otherwise (a plugin's block).
 */
export function useBuilderLabels() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words change with the language
  return useMemo(
    () => ({
      block: (type: string, known?: BlockType) =>
        t(`builder.type.${type}`, { defaultValue: known?.label ?? humanize(type) }),
      category: (category: string) => t(`builder.category.${category}`, { defaultValue: humanize(category) }),
      prop: (key: string) => t(`builder.prop.${key}`, { defaultValue: humanize(key) }),
      help: (type: string, key: string, schema: JsonSchema): string | undefined => {
        for (const known of [`builder.helpFor.${type}.${key}`, `builder.help.${key}`])
          if (i18n.exists(known)) return t(known);
        // A plugin's block: its prop's own description, in the server's language. Ours are all above.
        return i18n.exists(`builder.type.${type}`) ? undefined : schema.description || undefined;
      },
      option: (value: string) => t(`builder.option.${value}`, { defaultValue: value }),
    }),
    [t, i18n.language],
  );
}

export type BuilderLabels = ReturnType<typeof useBuilderLabels>;
