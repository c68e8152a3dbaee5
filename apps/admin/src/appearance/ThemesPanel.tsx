import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { Pending } from '../shell/Shell.js';
import { MENUS, THEMES, type Theme, useThemes, WIDGETS } from './queries.js';

/** The package name of the theme that comes with the server. */
const DEFAULT_THEME = 'default';

/**
 * The installed themes (installing one is `tessera theme:install` on the server: a theme carries
 * code), the site's marked active, any other activated after a word on what changes.
 */
export function ThemesPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const themes = useThemes();
  const [choosing, setChoosing] = useState<Theme | null>(null);
  const [said, setSaid] = useState('');
  // The built-in theme in the interface's words: its manifest's English, and no vendor's name
  // on a white-labelled site.
  const builtIn = (theme: Theme) => theme.name === DEFAULT_THEME;
  const titleOf = (theme: Theme) => (builtIn(theme) ? t('appearance.themes.defaultTitle') : theme.title);
  const descriptionOf = (theme: Theme) =>
    builtIn(theme) ? t('appearance.themes.defaultDescription') : theme.description;
  const activate = useMutation({
    mutationFn: (theme: Theme) => data(api.PUT('/api/themes/active', { body: { name: theme.name } })),
    onSuccess: (theme) => {
      setChoosing(null);
      setSaid(t('appearance.themes.activated', { name: titleOf(theme) }));
      void client.invalidateQueries({ queryKey: THEMES });
      // Locations and zones are the theme's: the menus and widgets screens show the new ones.
      void client.invalidateQueries({ queryKey: MENUS });
      void client.invalidateQueries({ queryKey: WIDGETS });
    },
  });

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('appearance.themes.intro')}
      </Text>
      <Text size="sm" c="teal.9" role="status">
        {said}
      </Text>
      {themes.error || !themes.data ? (
        <Pending error={themes.error} retry={() => void themes.refetch()} />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {themes.data.map((theme) => (
            <Card
              key={theme.name}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-labelledby={`theme-${theme.name}`}
            >
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title id={`theme-${theme.name}`} order={2} size="h4">
                    {titleOf(theme)}
                  </Title>
                  {theme.active ? (
                    <Badge color="teal.9" variant="filled" style={{ flexShrink: 0 }}>
                      {t('appearance.themes.active')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('appearance.themes.version', { name: theme.name, version: theme.version || '—' })}
                </Text>
                {descriptionOf(theme) ? <Text size="sm">{descriptionOf(theme)}</Text> : null}
                <Places label={t('appearance.themes.locations')} places={theme.menu_locations} />
                <Places label={t('appearance.themes.zones')} places={theme.widget_zones} />
                {theme.error ? (
                  <Alert color="red" role="note" title={t('appearance.themes.broken')}>
                    {theme.error}
                  </Alert>
                ) : null}
                <Group mt="auto" justify="flex-end">
                  {theme.active ? (
                    <Text size="sm" c="dimmed">
                      {t('appearance.themes.inUse')}
                    </Text>
                  ) : (
                    <Button
                      disabled={theme.error !== null}
                      onClick={() => setChoosing(theme)}
                      aria-label={t('appearance.themes.activateNamed', { name: titleOf(theme) })}
                    >
                      {t('appearance.themes.activate')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={choosing !== null}
        title={t('appearance.themes.confirmTitle', { name: choosing ? titleOf(choosing) : '' })}
        text={t('appearance.themes.confirmText')}
        confirm={t('appearance.themes.activate')}
        pending={activate.isPending}
        error={activate.error}
        onConfirm={() => choosing && activate.mutate(choosing)}
        onClose={() => {
          setChoosing(null);
          activate.reset();
        }}
      />
    </Stack>
  );
}

/** A theme's menu locations or widget zones, by their labels. */
function Places({ label, places }: { label: string; places: Record<string, string> }) {
  const { t } = useTranslation();
  const names = Object.values(places);
  return (
    <Text size="xs">
      <Text span fw={600} size="xs">
        {label}:
      </Text>{' '}
      {names.length > 0 ? names.join(', ') : t('appearance.themes.none')}
    </Text>
  );
}
