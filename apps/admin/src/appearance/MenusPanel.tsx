import { Button, Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pending } from '../shell/Shell.js';
import { MenuEditor } from './MenuEditor.js';
import { MenuList } from './MenuList.js';
import { NewMenuForm } from './NewMenuForm.js';
import { useActiveTheme, useMenus } from './queries.js';

/**
 * The site's menus: the list of them with the theme's locations beside, and the one chosen
 * (`?menu=<id>`) with its name, location and items. A new menu is made in a dialog.
 */
export function MenusPanel() {
  const { t } = useTranslation();
  const menus = useMenus();
  const theme = useActiveTheme();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const all = menus.data ?? [];
  const chosen = all.find((menu) => menu.id === Number(params.get('menu'))) ?? all[0];
  const choose = (id: number | null) =>
    setParams(id === null ? {} : { menu: String(id) }, { replace: true, preventScrollReset: true });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('appearance.menus.intro')}
      </Text>
      {menus.error || !menus.data ? (
        <Pending error={menus.error} retry={() => void menus.refetch()} />
      ) : !chosen ? (
        <Stack align="flex-start">
          <Text c="dimmed">{t('appearance.menus.empty')}</Text>
          <Button onClick={() => setCreating(true)}>{t('appearance.menus.new')}</Button>
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MenuList
              menus={all}
              chosen={chosen.id}
              theme={theme}
              onChoose={choose}
              onCreate={() => setCreating(true)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <MenuEditor
              key={chosen.id}
              menu={chosen}
              menus={all}
              theme={theme}
              onDeleted={() => choose(null)}
            />
          </Grid.Col>
        </Grid>
      )}
      <NewMenuForm
        opened={creating}
        menus={all}
        theme={theme}
        onClose={() => setCreating(false)}
        onCreated={(menu) => {
          setCreating(false);
          choose(menu.id);
        }}
      />
    </Stack>
  );
}
