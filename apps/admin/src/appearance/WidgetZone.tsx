import { Alert, Badge, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, done, toApiError } from '../api.js';
import type { BuilderLabels } from '../builder/labels.js';
import type { Catalog } from '../builder/queries.js';
import { summaryOf } from '../builder/schema.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { SortableTree } from '../shell/SortableTree.js';
import { flatten, type Placement } from '../shell/tree.js';
import { WIDGETS, type Widget } from './queries.js';
import { useTreeTexts } from './tree-texts.js';
import type { Zone } from './WidgetsPanel.js';
import { blockOf, inZone, orderAfter } from './widget-blocks.js';

/** One zone's widgets in order: reordered by drag and drop or from each row's menu, saved at once. */
export function WidgetZone(props: {
  zone: Zone;
  widgets: Widget[];
  catalog: Catalog;
  labels: BuilderLabels;
  onAdd: () => void;
  onEdit: (widget: Widget) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const { zone } = props;
  const widgets = useMemo(() => inZone(props.widgets, zone.name), [props.widgets, zone.name]);
  const rows = useMemo(() => flatten(widgets.map((widget) => ({ ...widget, parent_id: null }))), [widgets]);
  const texts = useTreeTexts(t('appearance.widgets.listOf', { zone: zone.label }), 'widgets');
  const [removing, setRemoving] = useState<Widget | null>(null);

  const nameOf = (widget: Widget) => {
    const block = blockOf(widget);
    const type = props.labels.block(block.type, props.catalog.byType.get(block.type));
    const summary = summaryOf(block.props);
    return summary ? `${type}: ${summary}` : type;
  };

  const order = useMutation({
    mutationFn: async (placement: Placement) => {
      const ids = orderAfter(widgets, placement.id, placement.index);
      await client.cancelQueries({ queryKey: WIDGETS });
      client.setQueryData<Widget[]>(WIDGETS, (all) =>
        all?.map((widget) =>
          widget.zone === zone.name ? { ...widget, position: ids.indexOf(widget.id) } : widget,
        ),
      );
      return data(api.PUT('/api/widgets/order', { body: { zone: zone.name, ids } }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: WIDGETS }),
  });
  const remove = useMutation({
    mutationFn: (widget: Widget) =>
      done(api.DELETE('/api/widgets/{id}', { params: { path: { id: widget.id } } })),
    onSuccess: () => {
      setRemoving(null);
      void client.invalidateQueries({ queryKey: WIDGETS });
    },
  });

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Title id={titleId} order={2} size="h4">
            {zone.label}
          </Title>
          {zone.shown ? null : (
            <Text size="xs" c="dimmed">
              {t('appearance.widgets.formerZone')}
            </Text>
          )}
        </Stack>
        {zone.shown ? (
          <Button
            size="xs"
            onClick={props.onAdd}
            aria-label={t('appearance.widgets.addTo', { zone: zone.label })}
          >
            {t('appearance.widgets.add')}
          </Button>
        ) : null}
      </Group>
      {order.error ? (
        <Alert color="red" role="alert" title={t('appearance.moveFailed')} mb="xs">
          {toApiError(order.error).message}
        </Alert>
      ) : null}
      {widgets.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('appearance.widgets.empty')}
        </Text>
      ) : (
        <SortableTree
          rows={rows}
          nameOf={nameOf}
          texts={texts}
          editable
          nested={false}
          busy={order.isPending}
          onMove={(placement) => order.mutateAsync(placement)}
          attributes={(row) => ({ 'data-widget': nameOf(row.node) })}
          content={(row) => {
            const block = blockOf(row.node);
            const summary = summaryOf(block.props);
            return (
              <>
                <Text size="sm" fw={500} truncate>
                  {props.labels.block(block.type, props.catalog.byType.get(block.type))}
                </Text>
                {summary ? (
                  <Text size="xs" c="dimmed" truncate>
                    {summary}
                  </Text>
                ) : null}
              </>
            );
          }}
          aside={(row) =>
            row.node.visibility.show_on === 'everywhere' ? null : (
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                {t(`appearance.widgets.showOn.${row.node.visibility.show_on}`, {
                  defaultValue: row.node.visibility.show_on,
                })}
              </Badge>
            )
          }
          menuBefore={(row) => (
            <Menu.Item onClick={() => props.onEdit(row.node)}>{t('appearance.edit')}</Menu.Item>
          )}
          menuAfter={(row) => (
            <Menu.Item color="red.9" onClick={() => setRemoving(row.node)}>
              {t('appearance.delete')}
            </Menu.Item>
          )}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('appearance.widgets.deleteTitle', { name: removing ? nameOf(removing) : '' })}
        text={t('appearance.widgets.deleteText')}
        confirm={t('appearance.delete')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </Paper>
  );
}
