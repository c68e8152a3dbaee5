import { Paper, Stack, Title } from '@mantine/core';
import type { AdminPluginField, EditedEntry } from '@tessera/plugin/admin';
import { createElement, useMemo } from 'react';
import type { ContentType, Draft, Entry } from '../content/editor/model.js';
import { useExtensions } from './ExtensionsProvider.js';
import { PluginBoundary } from './PluginBoundary.js';
import { areaOf, type PanelEntry } from './registry.js';
import { usePluginTitle } from './titles.js';

/**
 * Plugins' panels beside the entry editor, for the entry's type. Each sees the entry as it is on
 * screen (the draft over what is saved) and its own fields, and changes those through the editor's
 * unsaved state, which the editor's Save sends with the rest.
 */
export function EditorPanels(props: {
  type: ContentType;
  entry: Entry | null;
  draft: Draft;
  readOnly: boolean;
  setField: (key: string, value: unknown) => void;
}) {
  const { panels } = useExtensions().extensions;
  const titleOf = usePluginTitle();
  const { type, entry, draft } = props;
  const edited = useMemo(
    (): EditedEntry => ({
      id: entry?.id ?? null,
      type: type.slug,
      status: entry?.status ?? null,
      title: draft.title,
      slug: draft.slug,
      excerpt: draft.excerpt,
      author_id: draft.author_id,
      parent_id: draft.parent_id,
      featured_media_id: draft.featured_media_id,
      fields: draft.fields,
      terms: draft.terms,
    }),
    [entry, type.slug, draft],
  );
  const shown = panels.filter((panel) => panel.types === '*' || panel.types.includes(type.slug));
  return shown.map((panel) => {
    const title = titleOf(panel);
    return (
      <Paper key={panel.key} withBorder p="md" component="section" aria-label={title}>
        <Title order={2} size="h5" mb="sm">
          {title}
        </Title>
        <Stack gap="sm">
          <PluginBoundary plugin={panel.plugin}>
            {createElement(panel.component, {
              entry: edited,
              ...ownFields(panel, type, draft.fields),
              setField: (key: string, value: unknown) => {
                if (!key.startsWith(`${areaOf(panel.plugin)}.`))
                  throw new Error(
                    `${panel.plugin} sets only its own fields (${areaOf(panel.plugin)}.*), not ${key}`,
                  );
                props.setField(key, value);
              },
              readOnly: props.readOnly,
            })}
          </PluginBoundary>
        </Stack>
      </Paper>
    );
  });
}

/** The panel's plugin's field values on the entry, and their definitions on its type. */
function ownFields(
  panel: PanelEntry,
  type: ContentType,
  fields: Readonly<Record<string, unknown>>,
): { fields: Record<string, unknown>; definitions: AdminPluginField[] } {
  const prefix = `${areaOf(panel.plugin)}.`;
  const definitions: AdminPluginField[] = type.plugin_fields.filter((field) => field.plugin === panel.plugin);
  return {
    fields: Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith(prefix))),
    definitions,
  };
}
