import { Anchor, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../site.js';
import { useSearchEverything } from './search-everything.js';

const PER_GROUP = 20;

/** /search?q=: everything the header's search finds, more of each group, for Enter in that box. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const results = useSearchEverything(q, PER_GROUP);
  useDocumentTitle(t('search.title'));
  const found = results.data ?? [];
  const groups = [...new Set(found.map((hit) => hit.group))];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('search.title')}
      </Title>
      <TextInput
        type="search"
        label={t('nav.search')}
        value={text}
        maw={480}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setParams({ q: event.currentTarget.value.trim() }, { replace: true });
        }}
      />
      {q.length < 2 ? (
        <Text c="dimmed">{t('search.tooShort')}</Text>
      ) : results.isFetching && found.length === 0 ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : found.length === 0 ? (
        <Text role="status">{t('nav.noResults', { q })}</Text>
      ) : (
        groups.map((group) => (
          <section key={group} aria-labelledby={`search-${group}`}>
            <Title order={2} size="h4" id={`search-${group}`}>
              {group}
            </Title>
            <List listStyleType="none" spacing={4}>
              {found
                .filter((hit) => hit.group === group)
                .map((hit) => (
                  <List.Item key={hit.key}>
                    <Anchor component={RouterLink} to={hit.value}>
                      {hit.label}
                    </Anchor>{' '}
                    <Text span size="sm" c="dimmed">
                      {hit.detail}
                    </Text>
                  </List.Item>
                ))}
            </List>
          </section>
        ))
      )}
    </Stack>
  );
}
