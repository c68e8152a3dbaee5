import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media } from '../model.js';
import { StockSearch } from './StockSearch.js';
import { useStockSession } from './session.js';

/**
 * The media picker's stock photos: search, import into the folder the picker shows, and each
 * imported photo is ticked in the picker as it arrives, so it is chosen without going back.
 */
export function StockPickerView(props: {
  folderId: number | null;
  multiple: boolean;
  onImported: (media: Media) => void;
  onBack: () => void;
  chosen: number;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const session = useStockSession({
    folderId: props.folderId,
    multiple: props.multiple,
    onImported: props.onImported,
  });
  // The button that opened this view is gone: the focus comes here.
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <Stack>
      <Group justify="space-between" gap="sm">
        <Button ref={back} variant="subtle" onClick={props.onBack}>
          {t('media.stock.back')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('media.stock.pickerHelp')}
        </Text>
      </Group>
      <StockSearch session={session} newTabForSettings>
        <Button disabled={props.chosen === 0} onClick={props.onChoose}>
          {t('media.stock.choose', { count: props.chosen })}
        </Button>
      </StockSearch>
    </Stack>
  );
}
