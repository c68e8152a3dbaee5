import { Badge, Button, Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pending } from '../shell/Shell.js';
import { PatternEditor } from './PatternEditor.js';
import { type Pattern, usePatterns } from './queries.js';

/**
 * The site's reusable patterns (spec 1): the list by category, and the one chosen (`?pattern=<id>`,
 * or `new`) with its name, category, synced switch and blocks in the outline editor.
 */
export function PatternsPanel() {
  const { t } = useTranslation();
  const patterns = usePatterns();
  const [params, setParams] = useSearchParams();
  const all = patterns.data ?? [];
  const wanted = params.get('pattern');
  const chosen: Pattern | 'new' | undefined =
    wanted === 'new' ? 'new' : (all.find((pattern) => pattern.id === Number(wanted)) ?? all[0]);
  const choose = (id: number | 'new' | null) =>
    setParams(id === null ? {} : { pattern: String(id) }, { replace: true, preventScrollReset: true });

  if (patterns.error || !patterns.data)
    return <Pending error={patterns.error} retry={() => void patterns.refetch()} />;
  const categories = [...new Set(all.map((pattern) => pattern.category))].sort();
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('patterns.about')}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="patterns-list-title">
            <Group justify="space-between" mb="xs">
              <Title id="patterns-list-title" order={2} size="h4">
                {t('patterns.list')}
              </Title>
              <Button size="xs" onClick={() => choose('new')}>
                {t('patterns.new')}
              </Button>
            </Group>
            {all.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('patterns.empty')}
              </Text>
            ) : (
              categories.map((category) => (
                <section key={category} aria-label={category}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="xs" aria-hidden>
                    {category}
                  </Text>
                  <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {all
                      .filter((pattern) => pattern.category === category)
                      .map((pattern) => {
                        const current = chosen !== 'new' && chosen?.id === pattern.id;
                        return (
                          <li key={pattern.id}>
                            <NavLink
                              component="button"
                              type="button"
                              active={current}
                              aria-current={current ? 'true' : undefined}
                              variant="filled"
                              onClick={() => choose(pattern.id)}
                              label={pattern.name}
                              rightSection={
                                pattern.synced ? (
                                  <Badge size="xs" variant={current ? 'white' : 'light'}>
                                    {t('patterns.synced')}
                                  </Badge>
                                ) : null
                              }
                            />
                          </li>
                        );
                      })}
                  </Stack>
                </section>
              ))
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {chosen ? (
            <PatternEditor
              key={chosen === 'new' ? 'new' : chosen.id}
              pattern={chosen === 'new' ? null : chosen}
              categories={categories}
              onSaved={(pattern) => choose(pattern.id)}
              onDeleted={() => choose(null)}
            />
          ) : (
            <Button onClick={() => choose('new')}>{t('patterns.new')}</Button>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
