import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { useByteFormat } from './format.js';
import { isRaster, type Media, nameOf } from './model.js';
import { useMediaAccess } from './queries.js';

/** Re-encode an image smaller (POST optimize): the bytes saved, or that nothing was gained. */
function Optimize({ media }: { media: Media }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const bytes = useByteFormat();
  const optimize = useMutation({
    mutationFn: () => data(api.POST('/api/media/{id}/optimize', { params: { path: { id: media.id } } })),
    onSuccess: (result) => {
      client.setQueryData(['media', media.id], result.media);
      void client.invalidateQueries({ queryKey: ['media', 'list'] });
    },
  });
  const result = optimize.data;
  return (
    <Stack gap={4}>
      <Group>
        <Button variant="default" loading={optimize.isPending} onClick={() => optimize.mutate()}>
          {t('media.optimize.button')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('media.optimize.help')}
      </Text>
      {result ? (
        <Text size="sm" role="status">
          {result.bytes_saved > 0
            ? t('media.optimize.saved', {
                saved: bytes(result.bytes_saved),
                before: bytes(result.bytes_before),
                after: bytes(result.bytes_after),
              })
            : t('media.optimize.nothing')}
        </Text>
      ) : null}
      {optimize.error ? (
        <Text size="sm" c="red.9" role="alert">
          {toApiError(optimize.error).message}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Delete, after saying so once more. The server refuses while the item is used, listing where:
 * that is shown, with the choice to delete anyway (the places keep a broken reference).
 */
function Delete({ media, onDeleted }: { media: Media; onDeleted: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = nameOf(media);
  const remove = useMutation({
    mutationFn: (force: boolean) =>
      done(api.DELETE('/api/media/{id}', { params: { path: { id: media.id }, query: { force } } })),
    onSuccess: () => {
      onDeleted();
      client.removeQueries({ queryKey: ['media', media.id] });
      void client.invalidateQueries({ queryKey: ['media'] });
    },
  });
  const refusal = remove.error ? (toApiError(remove.error) as ApiError) : null;
  const inUse = refusal?.code === 'media_in_use';
  if (!asking)
    return (
      <Group>
        <Button
          variant="light"
          color="red"
          onClick={() => setAsking(true)}
          aria-label={t('media.delete.buttonNamed', { name })}
        >
          {t('media.delete.button')}
        </Button>
      </Group>
    );
  return (
    <Alert color="red" title={t('media.delete.confirmTitle', { name })}>
      <Stack gap="sm">
        <Text size="sm">{t('media.delete.confirmText')}</Text>
        {refusal ? (
          <Stack gap={4} role="alert">
            <Text size="sm" c="red.9" fw={500}>
              {refusal.message}
            </Text>
            {refusal.errors.usage?.length ? (
              <List size="sm">
                {refusal.errors.usage.map((place) => (
                  <List.Item key={place}>{place}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        ) : null}
        <Group gap="xs">
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(inUse)}>
            {inUse ? t('media.delete.anyway') : t('media.delete.confirm')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setAsking(false);
              remove.reset();
            }}
          >
            {t('media.cancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** What can be done to the item as a whole, as far as the user may. */
export function MediaActions({ media, onDeleted }: { media: Media; onDeleted: () => void }) {
  const access = useMediaAccess();
  const optimizable = isRaster(media) && access.edit(media);
  const removable = access.remove(media);
  if (!optimizable && !removable) return null;
  return (
    <Stack gap="md">
      {optimizable ? <Optimize media={media} /> : null}
      {removable ? <Delete media={media} onDeleted={onDeleted} /> : null}
    </Stack>
  );
}
