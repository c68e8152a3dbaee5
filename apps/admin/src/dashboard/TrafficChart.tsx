import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Page views per day as bars, in plain SVG (no chart library in the first load): the figures are
 * also the chart's accessible name, and each bar's title gives its day.
 */
export function TrafficChart({
  days,
}: {
  days: ReadonlyArray<{ day: string; views: number; visitors: number }>;
}) {
  const { t, i18n } = useTranslation();
  const max = Math.max(1, ...days.map((day) => day.views));
  const total = days.reduce((sum, day) => sum + day.views, 0);
  if (total === 0) return <Text c="dimmed">{t('dashboard.trafficEmpty')}</Text>;
  const width = 600;
  const height = 120;
  const step = width / days.length;
  const date = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (iso: string) => date.format(new Date(`${iso}T00:00:00Z`));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      height={height}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('dashboard.chartLabel', {
        from: label(days[0]?.day ?? ''),
        to: label(days.at(-1)?.day ?? ''),
        total: total.toLocaleString(i18n.language),
      })}
    >
      {days.map((day, index) => {
        const barHeight = Math.max(day.views > 0 ? 2 : 0, (day.views / max) * (height - 4));
        return (
          <rect
            key={day.day}
            x={index * step + 1}
            y={height - barHeight}
            width={Math.max(1, step - 2)}
            height={barHeight}
            rx={2}
            fill="var(--mantine-primary-color-filled)"
          >
            <title>{`${label(day.day)}: ${day.views.toLocaleString(i18n.language)} ${t('dashboard.views')}, ${day.visitors.toLocaleString(i18n.language)} ${t('dashboard.visitors')}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
