import { Badge, Button, Group, NavLink, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countItems } from './menu-tree.js';
import type { ActiveTheme, SiteMenu } from './queries.js';

/** The menus to choose from, and what each of the theme's locations shows. */
export function MenuList(props: {
  menus: SiteMenu[];
  chosen: number;
  theme: ActiveTheme;
  onChoose: (id: number) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const locations = Object.entries(props.theme.theme?.menu_locations ?? {});
  const labelOf = (location: string) => props.theme.theme?.menu_locations[location] ?? location;

  return (
    <Stack>
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="menus-list-title">
        <Group justify="space-between" mb="xs">
          <Title id="menus-list-title" order={2} size="h4">
            {t('appearance.menus.list')}
          </Title>
          <Button size="xs" onClick={props.onCreate}>
            {t('appearance.menus.new')}
          </Button>
        </Group>
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.menus.map((menu) => (
            <li key={menu.id}>
              <NavLink
                component="button"
                type="button"
                active={menu.id === props.chosen}
                aria-current={menu.id === props.chosen ? 'true' : undefined}
                // Filled, as the main navigation: the light variant's blue on pale blue reads below 4.5:1.
                variant="filled"
                styles={
                  menu.id === props.chosen ? { description: { color: 'inherit', opacity: 1 } } : undefined
                }
                onClick={() => props.onChoose(menu.id)}
                label={menu.name}
                description={t('appearance.menus.summary', {
                  count: countItems(menu.items),
                  location: menu.location ? labelOf(menu.location) : t('appearance.menus.noLocation'),
                })}
              />
            </li>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="menus-locations-title">
        <Title id="menus-locations-title" order={2} size="h4" mb="xs">
          {t('appearance.menus.locations')}
        </Title>
        {!props.theme.known ? (
          <Text size="sm" c="dimmed">
            {t('appearance.menus.locationsUnknown')}
          </Text>
        ) : locations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.theme.pending ? t('app.loading') : t('appearance.menus.noLocations')}
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {locations.map(([location, label]) => {
                const shown = props.menus.find((menu) => menu.location === location);
                return (
                  <Table.Tr key={location}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    <Table.Td>
                      {shown ? (
                        <Text size="sm">{shown.name}</Text>
                      ) : (
                        <Badge variant="light" color="gray">
                          {t('appearance.menus.locationEmpty')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
