import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StockSearch } from './StockSearch.js';
import { useStockSession } from './session.js';

/**
 * The library's "Stock photos": a dialog to search Unsplash or Pexels and import photos into the
 * folder shown (or another). Closing it keeps the search and the imports under way for the next
 * opening; imported photos appear in the library behind it as they arrive.
 */
export function StockPhotosButton({ folderId }: { folderId: number | null }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [opened, setOpened] = useState(false);
  const session = useStockSession({ folderId, multiple: true, active: opened });
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          session.setFolderId(folderId);
          setOpened(true);
        }}
      >
        {t('media.stock.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('media.stock.title')}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('media.stock.close') }}
      >
        <StockSearch session={session} newTabForSettings={false}>
          <Button variant="default" onClick={() => setOpened(false)}>
            {t('media.close')}
          </Button>
        </StockSearch>
      </Modal>
    </>
  );
}
