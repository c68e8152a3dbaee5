import { Center, Checkbox, Table } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentTypes } from '../content/types.js';
import { permissionText } from '../i18n/server/descriptions.js';
import { humanize, type MatrixRow, matrixOf } from './matrix.js';
import type { PermissionGroup } from './queries.js';

// The area column stays in view while the actions scroll sideways on a narrow screen.
const STICKY: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 180,
};

/**
 * A role's permissions as a grid: one row per area, one column per action, each box named by its
 * permission id (“posts.publish_others”) with its description as a tooltip, and a box per row that
 * ticks or unticks the whole area. Boxes for what the editor does not hold stay disabled: the
 * server refuses to grant those.
 */
export function PermissionMatrix(props: {
  groups: readonly PermissionGroup[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  editable: boolean;
  held: (permission: string) => boolean;
}) {
  const { t } = useTranslation();
  const types = useContentTypes().data ?? [];
  const custom = types.filter((type) => !type.builtin);
  const { actions, rows } = matrixOf(
    props.groups,
    custom.map((type) => type.slug),
  );
  const areaLabel = (area: string) =>
    custom.find((type) => type.slug === area)?.plural_label ??
    t(`users.roles.areas.${area}`, { defaultValue: humanize(area) });
  const changeable = (id: string) => props.editable && props.held(id);

  function toggle(ids: readonly string[], on: boolean) {
    const next = new Set(props.value);
    for (const id of ids) {
      if (!changeable(id)) continue;
      if (on) next.add(id);
      else next.delete(id);
    }
    props.onChange(next);
  }

  function groupToggle(row: MatrixRow) {
    const ids = [...row.cells.values()].map((cell) => cell.id);
    const mine = ids.filter(changeable);
    const ticked = ids.filter((id) => props.value.has(id)).length;
    const label = areaLabel(row.area);
    return (
      <Checkbox
        label={label}
        aria-label={t('users.roles.allOf', { area: label })}
        title={t('users.roles.ticked', { count: ticked, of: ids.length })}
        checked={ticked === ids.length}
        indeterminate={ticked > 0 && ticked < ids.length}
        disabled={mine.length === 0}
        onChange={() => toggle(mine, !mine.every((id) => props.value.has(id)))}
        fw={500}
      />
    );
  }

  return (
    <Table.ScrollContainer minWidth={180 + actions.length * 64} type="native">
      <Table withColumnBorders withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={STICKY}>
              {t('users.roles.area')}
            </Table.Th>
            {actions.map((action) => (
              <Table.Th key={action} scope="col" ta="center" fz="xs">
                {t(`users.roles.actions.${action}`, { defaultValue: humanize(action) })}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.area}>
              <Table.Th scope="row" style={STICKY}>
                {groupToggle(row)}
              </Table.Th>
              {actions.map((action) => {
                const cell = row.cells.get(action);
                return (
                  <Table.Td key={action}>
                    {cell ? (
                      <Center>
                        <Checkbox
                          aria-label={cell.id}
                          title={
                            props.held(cell.id) ? permissionText(cell, types) : t('users.roles.notHeldCell')
                          }
                          checked={props.value.has(cell.id)}
                          disabled={!changeable(cell.id)}
                          onChange={(event) => toggle([cell.id], event.currentTarget.checked)}
                        />
                      </Center>
                    ) : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
