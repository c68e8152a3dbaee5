import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, done, toApiError } from '../api.js';
import type { ContentType } from './model.js';
import { CONTENT_TYPES } from './queries.js';

/**
 * Asks before deleting a custom content type. One with entries takes them with it: the server
 * refuses unless told so, so the dialog asks for that too, up front when the count is known, and
 * after the server's refusal when it is not.
 */
export function DeleteContentType(props: {
  type: ContentType | null;
  entries: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [withEntries, setWithEntries] = useState(false);
  const remove = useMutation({
    mutationFn: ({ slug, confirm }: { slug: string; confirm: boolean }) =>
      done(
        api.DELETE('/api/content-types/{type}', {
          params: { path: { type: slug }, query: confirm ? { confirm_data_loss: true } : {} },
        }),
      ),
    onSuccess: (_, { slug }) => {
      client.removeQueries({ queryKey: [...CONTENT_TYPES, slug] });
      client.removeQueries({ queryKey: ['entries', slug] });
      void client.invalidateQueries({ queryKey: CONTENT_TYPES });
      props.onClose();
    },
  });
  const { type } = props;
  const error = remove.error ? toApiError(remove.error) : null;
  const inUse = (props.entries ?? 0) > 0 || error?.code === 'content_type_in_use';
  const name = type?.plural_label ?? '';
  return (
    <Modal opened={type !== null} onClose={props.onClose} title={t('contentTypes.deleteTitle', { name })}>
      <Stack>
        <Text size="sm">{t('contentTypes.deleteHelp', { name })}</Text>
        {props.entries ? (
          <Text size="sm" fw={500}>
            {t('contentTypes.deleteEntries', { count: props.entries })}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        {inUse ? (
          <Checkbox
            label={t('contentTypes.deleteEntriesConfirm')}
            checked={withEntries}
            onChange={(event) => setWithEntries(event.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} data-autofocus>
            {t('contentTypes.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={!type || (inUse && !withEntries)}
            onClick={() => type && remove.mutate({ slug: type.slug, confirm: withEntries })}
          >
            {t('contentTypes.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
