import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useByteFormat } from '../../media/format.js';
import type { BodySize, PasteVerdict } from './body-size.js';

/** Beside the heaviest field: the entry nears or passes what the server accepts in one save, and what to do. */
export function BodySizeAlert({ size }: { size: BodySize | null }) {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  if (!size || size.state === 'fits') return null;
  const words = { size: bytes(size.bytes), limit: bytes(size.limit) };
  return size.state === 'over' ? (
    <Alert color="red" role="alert" title={t('editor.size.overTitle')}>
      {t('editor.size.over', words)}
    </Alert>
  ) : (
    <Alert color="yellow" role="status" title={t('editor.size.nearTitle')}>
      {t('editor.size.near', words)}
    </Alert>
  );
}

/** Under a rich text: a paste refused for its size, or kept but large; closed by the user. */
export function PasteSizeAlert({ verdict, onClose }: { verdict: PasteVerdict; onClose: () => void }) {
  const { t } = useTranslation();
  const bytes = useByteFormat();
  const words = { size: bytes(verdict.bytes), limit: bytes(verdict.limit) };
  return (
    <Alert
      color={verdict.kind === 'refused' ? 'red' : 'yellow'}
      role="alert"
      m={4}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t('app.close')}
    >
      {verdict.kind === 'refused' ? t('editor.size.pasteRefused', words) : t('editor.size.pasteLarge', words)}
    </Alert>
  );
}
