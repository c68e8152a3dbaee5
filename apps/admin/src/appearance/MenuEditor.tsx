import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MenuItemAdd } from './MenuItemAdd.js';
import { MenuItemsTree } from './MenuItemsTree.js';
import { MenuSettings } from './MenuSettings.js';
import type { ActiveTheme, SiteMenu } from './queries.js';

/** One menu: its name and location, links to add, and its items to arrange. */
export function MenuEditor(props: {
  menu: SiteMenu;
  menus: SiteMenu[];
  theme: ActiveTheme;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { menu } = props;
  return (
    <Stack>
      <MenuSettings menu={menu} menus={props.menus} theme={props.theme} onDeleted={props.onDeleted} />
      <MenuItemAdd menu={menu} />
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="menu-items-title">
        <Title id="menu-items-title" order={2} size="h4" mb={4}>
          {t('appearance.menus.items', { name: menu.name })}
        </Title>
        {menu.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('appearance.menus.noItems')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="xs">
              {t('appearance.menus.treeHelp')}
            </Text>
            <MenuItemsTree menu={menu} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
