import { Alert, Button, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContext, AdminTranslate } from '@tessera/plugin/admin';
import { useSearchParams } from 'react-router';
import type { CheckStatus } from '../score/index.js';
import { BulkRow } from './BulkRow.js';
import { type BulkPage, bulkPageKey, entriesPage, MOST_RATED, ratedPage } from './bulk-list.js';
import { type ContentTypeSummary, contentTypesQuery, type StoredEntry, type StoredScore } from './queries.js';

const RATINGS: readonly CheckStatus[] = ['good', 'improve', 'problem'];

const ratingOf = (value: string | null): CheckStatus | null =>
  RATINGS.find((rating) => rating === value) ?? null;

/** The permission area of a type's entries: `posts` and `pages` for the built-in ones. */
const areaOf = (slug: string) => (slug === 'page' || slug === 'post' ? `${slug}s` : slug);

/**
 * /admin/plugins/seo/bulk, for users holding seo.manage: a type's entries with their stored score
 * and their SEO title and description, each row saved on its own through the core's entry route
 * (the user's own permission on each entry checked there). The type, rating and page are in the
 * address, so a filtered list can be shared and Back returns to it.
 */
export function bulkEditor(admin: AdminContext) {
  return function BulkEditor() {
    const { t } = admin.useTranslation();
    const can = admin.useCan();
    const client = useQueryClient();
    const [params, setParams] = useSearchParams();
    const types = useQuery(contentTypesQuery(admin));
    const choices = (types.data ?? []).filter(
      (type) =>
        type.plugin_fields.some((field) => field.key === 'seo.title') && can(`${areaOf(type.slug)}.view`),
    );
    const wanted = params.get('type') ?? 'post';
    const type = choices.some((choice) => choice.slug === wanted) ? wanted : (choices[0]?.slug ?? null);
    const rating = ratingOf(params.get('rating'));
    const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
    const key = bulkPageKey(type ?? '', rating, page);
    const list = useQuery({
      queryKey: key,
      queryFn: () =>
        rating ? ratedPage(admin, type ?? '', rating, page) : entriesPage(admin, type ?? '', page),
      enabled: type !== null,
      placeholderData: keepPreviousData,
    });
    const ids = (list.data?.entries ?? []).map((entry) => entry.id);
    const scores = useQuery({
      queryKey: ['seo', 'scores', ids],
      queryFn: () => admin.api.get<StoredScore[]>('/scores', { ids: ids.join(',') }),
      enabled: ids.length > 0,
    });

    const go = (patch: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(patch))
        if (value === null) next.delete(name);
        else next.set(name, value);
      setParams(next);
    };
    /** A row saved or reloaded: the list shows it as stored, and its score is asked for again. */
    const stored = (entry: StoredEntry) => {
      client.setQueryData<BulkPage>(key, (old) =>
        old ? { ...old, entries: old.entries.map((each) => (each.id === entry.id ? entry : each)) } : old,
      );
      void client.invalidateQueries({ queryKey: ['seo', 'scores'] });
      void client.invalidateQueries({ queryKey: ['seo', 'entry', entry.type, entry.id] });
    };

    const problem = types.error ?? list.error;
    return (
      <Stack>
        <Text size="sm" c="dimmed">
          {t('bulk.intro')}
        </Text>
        <Group align="flex-end">
          <Select
            label={t('bulk.type')}
            data={choices.map((choice) => ({ value: choice.slug, label: labelOf(choice, t) }))}
            value={type}
            allowDeselect={false}
            disabled={choices.length === 0}
            onChange={(value) => go({ type: value, page: null })}
          />
          <Select
            label={t('bulk.rating')}
            data={[
              { value: 'any', label: t('bulk.anyRating') },
              ...RATINGS.map((value) => ({ value, label: t(`rating.${value}`) })),
            ]}
            value={rating ?? 'any'}
            allowDeselect={false}
            onChange={(value) => go({ rating: value === 'any' ? null : value, page: null })}
          />
        </Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('bulk.failed', { message: problem.message })}</Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => void (types.error ? types.refetch() : list.refetch())}
              >
                {t('bulk.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : types.data && type === null ? (
          <Text c="dimmed">{t('bulk.noTypes')}</Text>
        ) : list.isPending || types.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('bulk.loading')}
            </Text>
          </Group>
        ) : list.data && list.data.entries.length === 0 ? (
          <Text c="dimmed">{rating ? t('bulk.emptyRated') : t('bulk.empty')}</Text>
        ) : list.data ? (
          <>
            {list.data.capped ? (
              <Text size="sm" c="dimmed">
                {t('bulk.capped', { count: MOST_RATED })}
              </Text>
            ) : null}
            <Table.ScrollContainer minWidth={860}>
              <Table verticalSpacing="sm" aria-busy={list.isPlaceholderData}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w="22%">
                      {t('bulk.entry')}
                    </Table.Th>
                    <Table.Th scope="col" w={170}>
                      {t('bulk.score')}
                    </Table.Th>
                    <Table.Th scope="col">{t('panel.seoTitle')}</Table.Th>
                    <Table.Th scope="col">{t('panel.description')}</Table.Th>
                    <Table.Th scope="col" w={130}>
                      {t('bulk.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.entries.map((entry) => (
                    <BulkRow
                      key={entry.id}
                      admin={admin}
                      entry={entry}
                      score={
                        scores.data
                          ? (scores.data.find((score) => score.entry_id === entry.id) ?? null)
                          : undefined
                      }
                      onStored={stored}
                      t={t}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        {list.data && (page > 1 || list.data.more) ? (
          <Group component="nav" aria-label={t('bulk.pages')} gap="sm">
            <Button
              variant="default"
              size="compact-sm"
              disabled={page <= 1}
              onClick={() => go({ page: page > 2 ? String(page - 1) : null })}
            >
              {t('bulk.previous')}
            </Button>
            <Text size="sm">{t('bulk.page', { page })}</Text>
            <Button
              variant="default"
              size="compact-sm"
              disabled={!list.data.more}
              onClick={() => go({ page: String(page + 1) })}
            >
              {t('bulk.next')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  };
}

/** Pages and posts in the interface's language; other types as their definition names them. */
function labelOf(type: ContentTypeSummary, t: AdminTranslate): string {
  return type.slug === 'page' || type.slug === 'post' ? t(`bulk.types.${type.slug}`) : type.plural_label;
}
