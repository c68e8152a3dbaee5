import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useExtensions } from '../extensions/ExtensionsProvider.js';
import type { FilterEntry } from '../extensions/registry.js';
import { usePluginTitle } from '../extensions/titles.js';
import { useCan } from '../session.js';
import { useSite } from '../site.js';
import { fetchTerms, labelsOf, termsKey, useTaxonomies } from '../taxonomies/queries.js';
import { AuthorField } from './editor/AuthorField.js';
import { languageName } from './editor/TranslationsPanel.js';
import { DATE_FIELDS, type DateField, isFiltered, type ListQuery, rangeIsBackwards } from './list-query.js';

/**
 * What narrows a content list beyond its state and search: the author (for those who may see the
 * site's users), a term of one of the type's taxonomies, the language (on a site of several) and a
 * range of the site's days on one of the entry's dates.
 */
export function ListFilters(props: {
  /** The type listed, for the filters plugins add to it. */
  type: string;
  query: ListQuery;
  taxonomies: readonly string[];
  onChange: (patch: Partial<ListQuery>) => void;
}) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const plugins = useExtensions()
    .extensions.filters.filter((filter) => filter.types === '*' || filter.types.includes(props.type))
    .filter((filter) => filter.permission === undefined || can(filter.permission));
  const locales = useSite().data?.locales ?? [];
  const { query, onChange } = props;
  const backwards = rangeIsBackwards(query);
  return (
    <Group role="group" aria-label={t('contentList.filters')} align="flex-end" gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" style={{ flexGrow: 1 }}>
        {can('users.view') ? (
          <AuthorField
            label={t('contentList.author')}
            placeholder={t('contentList.anyAuthor')}
            value={query.author}
            onChange={(author) => onChange({ author })}
            onClear={() => onChange({ author: null })}
          />
        ) : null}
        {props.taxonomies.length > 0 ? (
          <TermFilter
            taxonomies={props.taxonomies}
            value={query.term}
            onChange={(term) => onChange({ term })}
          />
        ) : null}
        {locales.length > 1 ? (
          <Select
            label={t('contentList.language')}
            placeholder={t('contentList.anyLanguage')}
            data={locales.map((locale) => ({ value: locale, label: languageName(locale, i18n.language) }))}
            value={query.locale}
            onChange={(locale) => onChange({ locale })}
            clearable
          />
        ) : null}
        {plugins.map((filter) => (
          <PluginFilter
            key={filter.filter}
            filter={filter}
            value={query.filter}
            onChange={(value) => onChange({ filter: value })}
          />
        ))}
        <Select
          label={t('contentList.dates')}
          data={DATE_FIELDS.map((field) => ({ value: field, label: t(`content.sort.${field}`) }))}
          value={query.dates}
          onChange={(dates) => onChange({ dates: (dates as DateField | null) ?? 'created_at' })}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={t('contentList.from')}
          value={query.from ?? ''}
          max={query.to ?? undefined}
          onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('contentList.to')}
          value={query.to ?? ''}
          min={query.from ?? undefined}
          onChange={(event) => onChange({ to: event.currentTarget.value || null })}
          error={backwards ? t('contentList.backwards') : undefined}
        />
      </SimpleGrid>
      {isFiltered(query) ? (
        <Button
          variant="subtle"
          onClick={() =>
            onChange({ author: null, term: null, locale: null, from: null, to: null, filter: null })
          }
        >
          {t('contentList.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * A plugin's filter (`seo.rating`): one of its values. The server applies one plugin filter at a
 * time, so choosing in one clears another's choice, as the term filter does across taxonomies.
 */
function PluginFilter(props: {
  filter: FilterEntry;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const titleOf = usePluginTitle();
  const { namespace } = props.filter;
  const prefix = `${props.filter.filter}:`;
  const chosen = props.value?.startsWith(prefix) ? props.value.slice(prefix.length) : null;
  return (
    <Select
      label={titleOf(props.filter)}
      placeholder={t('contentList.anyValue')}
      data={props.filter.options.map((option) => ({
        value: option.value,
        label: titleOf({ namespace, title: option.label }),
      }))}
      value={chosen}
      onChange={(value) => props.onChange(value ? `${prefix}${value}` : null)}
      clearable
    />
  );
}

/**
 * One term among the type's taxonomies, grouped by taxonomy: the server filters by a single term,
 * so a second choice replaces the first rather than pretending to combine them.
 */
function TermFilter(props: {
  taxonomies: readonly string[];
  value: number | null;
  onChange: (term: number | null) => void;
}) {
  const { t } = useTranslation();
  const known = useTaxonomies().data ?? [];
  const terms = useQueries({
    queries: props.taxonomies.map((taxonomy) => ({
      queryKey: termsKey(taxonomy),
      queryFn: () => fetchTerms(taxonomy),
      staleTime: 60_000,
    })),
  });
  const labelOf = (slug: string) =>
    labelsOf(
      t,
      slug,
      known.find((each) => each.slug === slug),
    );
  const only = props.taxonomies.length === 1 ? props.taxonomies[0] : undefined;
  const label = only ? labelOf(only).singular : t('contentList.term');
  const groups = props.taxonomies.map((taxonomy, index) => ({
    group: labelOf(taxonomy).plural,
    items: (terms[index]?.data ?? []).map((term) => ({ value: String(term.id), label: term.name })),
  }));
  return (
    <Select
      label={label}
      placeholder={t('contentList.anyTerm')}
      searchable
      data={only ? (groups[0]?.items ?? []) : groups}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value ? Number(value) : null)}
      nothingFoundMessage={terms.some((each) => each.isPending) ? t('app.loading') : t('editor.nothingFound')}
      error={terms.some((each) => each.error) ? t('contentList.termsFailed') : undefined}
      clearable
    />
  );
}
