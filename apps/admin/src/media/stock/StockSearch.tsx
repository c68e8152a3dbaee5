import { Box, Button, Group, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pending } from '../../shell/Shell.js';
import { folderOptions } from '../MediaFilters.js';
import { useFolders } from '../queries.js';
import { isKeyProblem, stockErrorText } from './errors.js';
import { KeySettingsLink } from './KeySettingsLink.js';
import type { StockProviderName } from './queries.js';
import { StockGrid } from './StockGrid.js';
import type { StockSession } from './session.js';

/**
 * Searching Unsplash or Pexels and importing photos into the library: the providers that have a key
 * (or where to add one), the words, the photos found page after page with their credit, and the
 * ticked ones imported together, each showing how its import goes. `children` end the action bar.
 */
export function StockSearch(props: {
  session: StockSession;
  newTabForSettings: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { session } = props;
  const { sources, provider } = session;
  if (sources.error || !sources.data)
    return (
      <Stack>
        {sources.error ? (
          <Pending error={sources.error} retry={() => void sources.refetch()} />
        ) : (
          <Text c="dimmed" role="status">
            {t('media.stock.loadingSources')}
          </Text>
        )}
        <ActionBar session={session} ready={false}>
          {props.children}
        </ActionBar>
      </Stack>
    );
  if (!provider)
    return (
      <Stack>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text>{t('media.stock.noSource')}</Text>
            <KeySettingsLink newTab={props.newTabForSettings} />
          </Stack>
        </Paper>
        <ActionBar session={session} ready={false}>
          {props.children}
        </ActionBar>
      </Stack>
    );
  return (
    <Stack>
      <SearchForm session={session} />
      <Results session={session} newTabForSettings={props.newTabForSettings} />
      <ActionBar session={session} ready>
        {props.children}
      </ActionBar>
    </Stack>
  );
}

function SearchForm({ session }: { session: StockSession }) {
  const { t } = useTranslation();
  const { configured, provider } = session;
  return (
    <Stack gap="sm">
      {configured.length > 1 ? (
        <Radio.Group
          label={t('media.stock.source')}
          value={provider?.name ?? null}
          onChange={(name) => session.setProvider(name as StockProviderName)}
        >
          <Group gap="lg" mt={4}>
            {configured.map((source) => (
              <Radio key={source.name} value={source.name} label={source.label} />
            ))}
          </Group>
        </Radio.Group>
      ) : (
        <Text size="sm" fw={500}>
          {t('media.stock.from', { provider: provider?.label })}
        </Text>
      )}
      <Box
        component="form"
        role="search"
        aria-label={t('media.stock.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          session.ask();
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('media.stock.words')}
            placeholder={t('media.stock.wordsPlaceholder')}
            value={session.words}
            onChange={(event) => session.setWords(event.currentTarget.value)}
            maxLength={200}
            style={{ flex: 1, minWidth: 0 }}
            data-autofocus
          />
          <Button type="submit" disabled={session.words.trim() === ''}>
            {t('media.stock.search')}
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}

function Results({ session, newTabForSettings }: { session: StockSession; newTabForSettings: boolean }) {
  const { t } = useTranslation();
  const { search, provider, asked } = session;
  const label = provider?.label ?? '';
  if (asked === '')
    return (
      <Text c="dimmed" py="lg" ta="center">
        {t('media.stock.idle', { provider: label })}
      </Text>
    );
  if (search.isPending) return <Pending />;
  if (search.error && !search.data)
    return (
      <Stack gap="xs" role="alert">
        <Group gap="sm">
          <Text c="red.9">{stockErrorText(search.error, label, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void search.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
        {isKeyProblem(search.error) ? <KeySettingsLink newTab={newTabForSettings} /> : null}
      </Stack>
    );
  if (search.photos.length === 0)
    return (
      <Text c="dimmed" py="lg" ta="center" role="status">
        {t('media.stock.noResults', { provider: label, words: asked })}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {t('media.stock.count', { count: search.total, provider: label })}
      </Text>
      <StockGrid
        photos={search.photos}
        provider={label}
        label={t('media.stock.gridLabel', { provider: label })}
        selected={session.selected}
        stateOf={session.stateOf}
        onToggle={session.toggle}
      />
      {search.isFetchNextPageError ? (
        <Group gap="sm" role="alert">
          <Text c="red.9" size="sm">
            {stockErrorText(search.error, label, t)}
          </Text>
        </Group>
      ) : null}
      {search.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {t('media.stock.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * The folder to import into, the import button and how the imports go; kept in view at the
 * dialog's foot while the photos scroll.
 */
function ActionBar(props: { session: StockSession; ready: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const { session } = props;
  const folders = useFolders(props.ready);
  const { summary } = session.imports;
  const count = session.selected.length;
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap="xs">
        {props.ready && summary.count === 0 && count === 0 ? (
          <Text size="sm" c="dimmed">
            {t('media.stock.importHelp')}
          </Text>
        ) : null}
        {summary.count > 0 ? (
          <Text size="sm" role="status" c={summary.failed > 0 && !summary.running ? 'red.9' : undefined}>
            {summary.running
              ? t('media.stock.progress', { done: summary.done, count: summary.count })
              : summary.failed > 0
                ? t('media.stock.someFailed', { count: summary.failed })
                : t('media.stock.allDone', { count: summary.done })}
          </Text>
        ) : null}
        <Group justify="space-between" align="flex-end" gap="sm">
          {props.ready ? (
            <Group align="flex-end" gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
              <Select
                label={t('media.stock.folder')}
                data={folderOptions(folders.flat, false, t)}
                value={session.folderId === null ? 'none' : String(session.folderId)}
                onChange={(value) => session.setFolderId(value && value !== 'none' ? Number(value) : null)}
                allowDeselect={false}
                style={{ flex: 1, minWidth: 0, maxWidth: 260 }}
              />
              <Button disabled={count === 0} onClick={session.importSelected}>
                {count === 0 ? t('media.stock.importNone') : t('media.stock.importSelected', { count })}
              </Button>
            </Group>
          ) : (
            <span />
          )}
          {props.children ? <Group gap="sm">{props.children}</Group> : null}
        </Group>
      </Stack>
    </Box>
  );
}
