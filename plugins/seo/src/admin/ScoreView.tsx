import { Group, List, Stack, Text, Title } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';
import type { Score } from '../score/index.js';
import { byUrgency } from './preview.js';
import { StatusBadge, toneOf } from './rating.js';

/** The score as a number and a rating (its colour and its word). */
export function ScoreSummary(props: { score: Score; t: AdminTranslate }) {
  const { score, t } = props;
  return (
    <Group gap="sm" align="center">
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {t('panel.score')}
      </Text>
      <Text
        component="span"
        fz={24}
        fw={700}
        lh={1}
        data-testid="seo-score"
        style={{ color: toneOf(score.rating) }}
      >
        {t('panel.outOf', { score: score.score })}
      </Text>
      <StatusBadge status={score.rating} size="md">
        {t(`rating.${score.rating}`)}
      </StatusBadge>
    </Group>
  );
}

/** Every check with its status and what to do, problems first. */
export function CheckList(props: { score: Score; t: AdminTranslate; note: string }) {
  const { score, t } = props;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {t('panel.checks')}
      </Title>
      <Text size="xs" c="dimmed">
        {props.note}
      </Text>
      <List listStyleType="none" spacing="xs" size="sm" styles={{ itemWrapper: { width: '100%' } }}>
        {byUrgency(score.checks).map((check) => (
          <List.Item key={check.id} data-check={check.id} data-status={check.status}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              {/* One width for every status, so the messages line up. */}
              <StatusBadge status={check.status} width="6.75rem">
                {t(`status.${check.status}`)}
              </StatusBadge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {check.message}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
