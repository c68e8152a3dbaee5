import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data } from '../../api.js';
import { useCan } from '../../session.js';
import type { LockState } from './useEditLock.js';

/** Who is editing the entry, when it is not this user, and what they can do about it. */
export function LockBanner(props: {
  lock: LockState;
  canTakeOver: boolean;
  onTakeOver: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const { lock } = props;
  const holderId = lock.kind === 'theirs' ? lock.userId : null;
  // The holder's name when this user may read users; their number otherwise.
  const holder = useQuery({
    queryKey: ['user', holderId],
    queryFn: () => data(api.GET('/api/users/{id}', { params: { path: { id: holderId ?? 0 } } })),
    enabled: holderId !== null && can('users.view'),
    retry: false,
  });
  if (lock.kind === 'lost')
    return (
      <Alert color="orange" role="alert" title={t('editor.lockLostTitle')}>
        <Text size="sm">{t('editor.lockLost')}</Text>
      </Alert>
    );
  if (lock.kind !== 'theirs') return null;
  const name =
    holder.data?.display_name ??
    (holderId !== null ? t('editor.userNumber', { id: holderId }) : t('editor.someoneElse'));
  return (
    <Alert color="orange" role="alert" title={t('editor.lockedTitle', { name })}>
      <Text size="sm">{t('editor.locked')}</Text>
      <Group mt="xs" gap="xs">
        {props.canTakeOver ? (
          <Button size="xs" onClick={props.onTakeOver}>
            {t('editor.takeOver')}
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={props.onRetry}>
          {t('editor.checkAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
