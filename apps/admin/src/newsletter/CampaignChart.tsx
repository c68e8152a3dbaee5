import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../site.js';

/** One hour of a campaign: how many of each thing happened in it. */
export interface TimelinePoint {
  /** The hour's start, ISO 8601. */
  hour: string;
  sent: number;
  open: number;
  click: number;
  unsubscribe: number;
}

const SERIES = [
  { key: 'sent', color: 'var(--mantine-color-blue-6)' },
  { key: 'open', color: 'var(--mantine-color-teal-6)' },
  { key: 'click', color: 'var(--mantine-color-grape-6)' },
  { key: 'unsubscribe', color: 'var(--mantine-color-orange-6)' },
] as const;

/**
 * What happened to a campaign hour by hour, as grouped bars in plain SVG (no chart library): sent,
 * opened (when tracked), clicked, unsubscribed. The figures are the chart's accessible name and each
 * bar's title, and a legend names the colours.
 */
export function CampaignChart({ points, opens }: { points: readonly TimelinePoint[]; opens: boolean }) {
  const { t, i18n } = useTranslation();
  const when = useDateFormat({ dateStyle: 'short', timeStyle: 'short' });
  const series = SERIES.filter((each) => opens || each.key !== 'open');
  const max = Math.max(1, ...points.flatMap((point) => series.map((each) => point[each.key])));
  if (points.length === 0) return <Text c="dimmed">{t('newsletter.report.chartEmpty')}</Text>;
  const width = 600;
  const height = 160;
  const slot = width / points.length;
  const bar = Math.max(1, (slot - 4) / series.length);
  const total = (key: (typeof SERIES)[number]['key']) =>
    points.reduce((sum, point) => sum + point[key], 0).toLocaleString(i18n.language);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        preserveAspectRatio="none"
        role="img"
        data-testid="campaign-chart"
        aria-label={t('newsletter.report.chartLabel', {
          from: when.format(new Date(points[0]?.hour ?? 0)),
          to: when.format(new Date(points.at(-1)?.hour ?? 0)),
          figures: series
            .map((each) => `${t(`newsletter.report.series.${each.key}`)} ${total(each.key)}`)
            .join(', '),
        })}
      >
        {points.map((point, index) =>
          series.map((each, n) => {
            const value = point[each.key];
            const barHeight = Math.max(value > 0 ? 2 : 0, (value / max) * (height - 4));
            return (
              <rect
                key={`${point.hour}-${each.key}`}
                x={index * slot + 2 + n * bar}
                y={height - barHeight}
                width={Math.max(1, bar - 1)}
                height={barHeight}
                fill={each.color}
              >
                <title>{`${when.format(new Date(point.hour))}: ${value.toLocaleString(i18n.language)} ${t(`newsletter.report.series.${each.key}`)}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <Group component="figcaption" gap="md" mt="xs">
        {series.map((each) => (
          <Group key={each.key} gap={6}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 12,
                height: 12,
                borderRadius: 2,
                background: each.color,
              }}
            />
            <Text size="sm">{t(`newsletter.report.series.${each.key}`)}</Text>
          </Group>
        ))}
      </Group>
    </figure>
  );
}
