import { Alert, Badge, Menu, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, done, toApiError } from '../api.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { SortableTree } from '../shell/SortableTree.js';
import type { Placement } from '../shell/tree.js';
import { useItemDescriptions } from './item-names.js';
import { MenuItemForm } from './MenuItemForm.js';
import { itemsAfter, menuRows, placesAfter } from './menu-tree.js';
import { MENUS, type MenuItem, type SiteMenu } from './queries.js';
import { useTreeTexts } from './tree-texts.js';

/**
 * A menu's items as a tree, arranged by drag and drop or from each row's menu; every move saves
 * the whole arrangement in one call (PUT /api/menus/{id}/items), shown at once and fetched again.
 */
export function MenuItemsTree({ menu }: { menu: SiteMenu }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rows = useMemo(() => menuRows(menu.items), [menu.items]);
  const describe = useItemDescriptions(menu.items);
  const [editing, setEditing] = useState<MenuItem | null>(null);
  const [removing, setRemoving] = useState<MenuItem | null>(null);
  const texts = useTreeTexts(t('appearance.menus.items', { name: menu.name }), 'menus');
  const replace = (answer: SiteMenu) =>
    client.setQueryData<SiteMenu[]>(MENUS, (all) =>
      all?.map((each) => (each.id === answer.id ? answer : each)),
    );

  const arrange = useMutation({
    mutationFn: async (placement: Placement) => {
      const places = placesAfter(rows, placement);
      await client.cancelQueries({ queryKey: MENUS });
      replace({ ...menu, items: itemsAfter(rows, places) });
      return data(
        api.PUT('/api/menus/{id}/items', { params: { path: { id: menu.id } }, body: { items: places } }),
      );
    },
    onSuccess: replace,
    onSettled: () => client.invalidateQueries({ queryKey: MENUS }),
  });
  const remove = useMutation({
    mutationFn: (item: MenuItem) =>
      done(
        api.DELETE('/api/menus/{id}/items/{itemId}', { params: { path: { id: menu.id, itemId: item.id } } }),
      ),
    onSuccess: () => {
      setRemoving(null);
      void client.invalidateQueries({ queryKey: MENUS });
    },
  });
  const removingName = removing ? describe(removing).name : '';

  return (
    <Stack gap="xs">
      {arrange.error ? (
        <Alert color="red" role="alert" title={t('appearance.moveFailed')}>
          {toApiError(arrange.error).message}
        </Alert>
      ) : null}
      <SortableTree
        rows={rows}
        nameOf={(item) => describe(item).name}
        texts={texts}
        editable
        busy={arrange.isPending}
        onMove={(placement) => arrange.mutateAsync(placement)}
        attributes={(row) => ({ 'data-menu-item': describe(row.node).name })}
        content={(row, parent) => {
          const description = describe(row.node);
          return (
            <>
              <Text size="sm" fw={500} truncate>
                {description.name}
                {parent ? (
                  <span className="visually-hidden">
                    {' '}
                    {t('appearance.menus.under', { parent: describe(parent).name })}
                  </span>
                ) : null}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {description.detail}
              </Text>
            </>
          );
        }}
        aside={(row) => {
          const warning = describe(row.node).warning;
          return warning ? (
            <Badge variant="light" color="orange" style={{ flexShrink: 1, minWidth: 0 }} title={warning}>
              {warning}
            </Badge>
          ) : null;
        }}
        menuBefore={(row) => (
          <Menu.Item onClick={() => setEditing(row.node)}>{t('appearance.edit')}</Menu.Item>
        )}
        menuAfter={(row) => (
          <Menu.Item color="red.9" onClick={() => setRemoving(row.node)}>
            {t('appearance.menus.remove')}
          </Menu.Item>
        )}
      />
      <MenuItemForm
        menu={menu}
        item={editing}
        name={editing ? describe(editing).name : ''}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('appearance.menus.removeTitle', { name: removingName })}
        text={
          removing && removing.children.length > 0
            ? t('appearance.menus.removeWithChildren')
            : t('appearance.menus.removeText')
        }
        confirm={t('appearance.menus.remove')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </Stack>
  );
}
