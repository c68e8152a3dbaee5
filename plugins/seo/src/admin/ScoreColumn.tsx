import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminContext, ListColumnCellProps } from '@tessera/plugin/admin';
import type { StoredScore } from './queries.js';
import { StatusBadge } from './rating.js';

/**
 * The stored score of each entry in the content list: the cells of one page share one query of
 * the page's ids (TanStack Query asks once for them all).
 */
export function scoreColumn(admin: AdminContext) {
  return function ScoreCell({ entry, entries }: ListColumnCellProps) {
    const { t } = admin.useTranslation();
    const ids = entries.map((each) => each.id).join(',');
    const scores = useQuery({
      queryKey: ['seo', 'scores', ids],
      queryFn: () => admin.api.get<StoredScore[]>('/scores', { ids }),
      enabled: ids !== '',
    });
    if (scores.isPending) return null;
    if (scores.isError)
      return (
        <Text size="xs" c="dimmed">
          {t('column.unavailable')}
        </Text>
      );
    const score = scores.data.find((each) => each.entry_id === entry.id);
    if (!score)
      return (
        <Text size="xs" c="dimmed">
          {t('bulk.notScored')}
        </Text>
      );
    return (
      <StatusBadge status={score.rating}>
        {t('bulk.scoreBadge', { score: score.score, rating: t(`rating.${score.rating}`) })}
      </StatusBadge>
    );
  };
}
