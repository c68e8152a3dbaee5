import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuilderLabels } from '../builder/labels.js';
import { useCatalog } from '../builder/queries.js';
import { Pending } from '../shell/Shell.js';
import { useActiveTheme, useWidgets, type Widget } from './queries.js';
import { WidgetForm } from './WidgetForm.js';
import { WidgetZone } from './WidgetZone.js';

export interface Zone {
  name: string;
  label: string;
  /** False: a zone of a theme no longer active, whose widgets the site does not show. */
  shown: boolean;
}

/**
 * The widgets of the site, zone by zone: the active theme's zones (a footer column, a sidebar), and
 * any zone of a former theme that still holds widgets. Widgets are added, changed, reordered and
 * removed here; a widget is one block, with its settings form from the block's schema.
 */
export function WidgetsPanel() {
  const { t } = useTranslation();
  const widgets = useWidgets();
  const theme = useActiveTheme();
  const { catalog, error: catalogError, refetch } = useCatalog();
  const labels = useBuilderLabels();
  const [editing, setEditing] = useState<{ zone: string; widget: Widget | null } | null>(null);

  const declared = Object.entries(theme.theme?.widget_zones ?? {});
  const zones: Zone[] = declared.map(([name, label]) => ({ name, label, shown: true }));
  for (const widget of widgets.data ?? [])
    if (!zones.some((zone) => zone.name === widget.zone))
      zones.push({
        name: widget.zone,
        label: widget.zone,
        // Without the theme's list (themes.manage), a zone holding widgets is taken as the theme's.
        shown: !theme.known,
      });

  const failed = widgets.error ?? theme.error ?? catalogError;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('appearance.widgets.intro')}
      </Text>
      {theme.known ? null : (
        <Alert color="gray" role="note">
          {t('appearance.widgets.zonesUnknown')}
        </Alert>
      )}
      {failed || !widgets.data || theme.pending || !catalog ? (
        <Pending
          error={failed}
          retry={() => {
            void widgets.refetch();
            void theme.refetch();
            void refetch();
          }}
        />
      ) : zones.length === 0 ? (
        <Text c="dimmed">
          {theme.known ? t('appearance.widgets.noZones') : t('appearance.widgets.noWidgets')}
        </Text>
      ) : (
        <SimpleGrid cols={zones.length === 1 ? 1 : { base: 1, md: 2 }} spacing="lg">
          {zones.map((zone) => (
            <WidgetZone
              key={zone.name}
              zone={zone}
              widgets={widgets.data}
              catalog={catalog}
              labels={labels}
              onAdd={() => setEditing({ zone: zone.name, widget: null })}
              onEdit={(widget) => setEditing({ zone: zone.name, widget })}
            />
          ))}
        </SimpleGrid>
      )}
      {catalog ? (
        <WidgetForm
          editing={editing}
          zones={zones.filter((zone) => zone.shown)}
          catalog={catalog}
          labels={labels}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
