import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useHref } from 'react-router';
import { useCan } from '../../session.js';

/**
 * Where a missing or refused key is fixed: the media settings, for those who may change them (in a
 * new tab from a picker, so the entry being edited stays); others are told who can.
 */
export function KeySettingsLink({ newTab }: { newTab: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const href = useHref('/settings/media');
  if (!can('settings.edit'))
    return (
      <Text size="sm" c="dimmed">
        {t('media.stock.askAdmin')}
      </Text>
    );
  return newTab ? (
    <Anchor href={href} target="_blank" rel="noopener" size="sm">
      {t('media.stock.addKey')} {t('media.stock.opensNewTab')}
    </Anchor>
  ) : (
    <Anchor component={Link} to="/settings/media" size="sm">
      {t('media.stock.addKey')}
    </Anchor>
  );
}
