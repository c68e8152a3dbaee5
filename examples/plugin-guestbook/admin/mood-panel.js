// @ts-check
import { Select } from '@mantine/core';
import { createElement as h } from 'react';
import { Text } from './ui.js';

const MOOD = 'guestbook.mood';

/**
 * Beside the post editor: the post's title as the guestbook will show it, live as it is typed (the
 * unsaved one), and the post's guestbook mood, the field the plugin adds to posts (index.js). The
 * mood is set in the editor's unsaved state: the editor's own Save stores it with the post.
 * @param {import('@tessera/plugin/admin').AdminContext} admin
 */
export function moodPanel(admin) {
  /** @param {import('@tessera/plugin/admin').EditorPanelProps} props */
  return function MoodPanel({ entry, fields, definitions, setField, readOnly }) {
    const { t } = admin.useTranslation();
    const mood = definitions.find((field) => field.key === MOOD);
    const value = fields[MOOD];
    return h(
      'div',
      null,
      h(Text, { size: 'sm', mb: 'xs' }, t('panel.shownAs', { title: entry.title || t('panel.untitled') })),
      mood
        ? h(Select, {
            label: t('panel.mood'),
            description: t('panel.moodHelp'),
            data: (mood.choices ?? []).map((choice) => ({
              value: choice.value,
              label: t(`mood.${choice.value}`, { defaultValue: choice.label }),
            })),
            value: typeof value === 'string' ? value : null,
            clearable: true,
            disabled: readOnly,
            onChange: (/** @type {unknown} */ chosen) => setField(MOOD, chosen ?? null),
          })
        : h(Text, { size: 'sm', c: 'dimmed' }, t('panel.noMood')),
    );
  };
}
