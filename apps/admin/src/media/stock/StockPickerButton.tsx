import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The picker's way to its stock photos; back from them, it takes the focus again. */
export function StockPickerButton(props: { onOpen: () => void; focused: boolean }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.focused) button.current?.focus();
  }, [props.focused]);
  return (
    <Button ref={button} variant="default" onClick={props.onOpen}>
      {t('media.stock.button')}
    </Button>
  );
}
