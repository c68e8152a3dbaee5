import { Badge, Text } from '@mantine/core';
import type { ListedEntry } from '@tessera/plugin/admin';
import { createElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useExtensions } from '../extensions/ExtensionsProvider.js';
import { PluginBoundary } from '../extensions/PluginBoundary.js';
import { usePluginTitle } from '../extensions/titles.js';
import { useCan, useSession } from '../session.js';
import { useDateFormat } from '../site.js';
import { labelsOf, termName, useTaxonomies, useTerms } from '../taxonomies/queries.js';
import { builtinWord } from './builtin-words.js';
import type { ContentType, Entry } from './editor/model.js';

const DATES = new Set(['updated_at', 'created_at', 'published_at']);

export interface ListColumn {
  key: string;
  header: string;
  cell: (entry: Entry) => ReactNode;
}

/**
 * The columns a content type's display options name (after the title, always first): its state,
 * author, dates, a taxonomy's terms or a field's value, each formatted for reading; then the columns
 * plugins add to the type, each cell given its row's entry and the page's.
 */
export function useListColumns(
  type: ContentType | undefined,
  sort: string,
  entries: readonly Entry[],
): ListColumn[] {
  return [...useTypeColumns(type, sort), ...usePluginColumns(type, entries)];
}

/** The columns plugins add to the type's list, for those who hold their permission. */
function usePluginColumns(type: ContentType | undefined, entries: readonly Entry[]): ListColumn[] {
  const { columns } = useExtensions().extensions;
  const can = useCan();
  const titleOf = usePluginTitle();
  const listed = useMemo(() => entries.map(listedOf), [entries]);
  if (!type) return [];
  return columns
    .filter((column) => column.types === '*' || column.types.includes(type.slug))
    .filter((column) => column.permission === undefined || can(column.permission))
    .map((column) => ({
      key: column.key,
      header: titleOf(column),
      cell: (entry: Entry) => (
        <PluginBoundary plugin={column.plugin}>
          {createElement(column.cell, {
            entry: listed.find((each) => each.id === entry.id) ?? listedOf(entry),
            entries: listed,
          })}
        </PluginBoundary>
      ),
    }));
}

function listedOf(entry: Entry): ListedEntry {
  return {
    id: entry.id,
    type: entry.type,
    title: entry.title,
    slug: entry.slug,
    status: entry.status,
    locale: entry.locale,
    url: entry.url,
    fields: entry.fields,
  };
}

function useTypeColumns(type: ContentType | undefined, sort: string): ListColumn[] {
  const { t } = useTranslation();
  const when = useDateFormat();
  const _can = useCan();
  const me = useSession();
  const taxonomies = useTaxonomies().data ?? [];
  const named = (type?.display.list_columns ?? ['status', 'updated_at']).filter((key) => key !== 'title');
  // The date the list is sorted by is shown, whether or not the type names it.
  const keys = DATES.has(sort) && !named.includes(sort) ? [...named, sort] : named;
  // Each entry names its author (author_name): no user list needed, which an Author may not read.
  const authorName = (entry: { author_id: number | null; author_name: string | null }) => {
    if (entry.author_id === null) return '—';
    if (entry.author_id === me.id) return me.display_name;
    return entry.author_name ?? t('editor.userNumber', { id: entry.author_id });
  };

  return keys.flatMap((key): ListColumn[] => {
    if (key === 'status')
      return [
        {
          key,
          header: t('content.state'),
          cell: (entry) => (
            <Badge variant="light" size="sm">
              {entry.deleted_at ? t('content.filter.trash') : t(`status.${entry.status}`)}
            </Badge>
          ),
        },
      ];
    if (key === 'author') return [{ key, header: t('content.author'), cell: (entry) => authorName(entry) }];
    if (DATES.has(key))
      return [
        {
          key,
          header: t(`content.sort.${key}`),
          cell: (entry) => {
            const value = entry[key as 'updated_at'];
            return value ? <Text size="sm">{when.format(new Date(value))}</Text> : '—';
          },
        },
      ];
    if (type?.taxonomies.includes(key)) {
      const taxonomy = taxonomies.find((each) => each.slug === key);
      return [
        {
          key,
          header: labelsOf(t, key, taxonomy).plural,
          cell: (entry) => <TermNames taxonomy={key} ids={entry.terms[key] ?? []} />,
        },
      ];
    }
    const field = type?.fields.find((each) => each.key === key);
    if (field)
      return [{ key, header: builtinWord(t, field.label), cell: (entry) => readable(entry.fields[key]) }];
    return [];
  });
}

function TermNames({ taxonomy, ids }: { taxonomy: string; ids: number[] }) {
  const { t } = useTranslation();
  const terms = useTerms(taxonomy).data ?? [];
  if (ids.length === 0) return '—';
  return ids
    .map((id) => {
      const term = terms.find((each) => each.id === id);
      return term ? termName(t, taxonomy, term) : `#${id}`;
    })
    .join(', ');
}

/** A field's value in a cell: text cut short, tags dropped, lists counted, yes or no. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === 'object') return '{…}';
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
