import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, done, toApiError } from '../api.js';
import { TAXONOMIES, type Taxonomy } from './queries.js';

/**
 * Asks before deleting a custom taxonomy and all its terms. The server refuses while a content type
 * uses it; the dialog says so up front rather than offering a button bound to fail.
 */
export function DeleteTaxonomy(props: { taxonomy: Taxonomy | null; usedBy: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (slug: string) =>
      done(api.DELETE('/api/taxonomies/{taxonomy}', { params: { path: { taxonomy: slug } } })),
    onSuccess: (_, slug) => {
      client.removeQueries({ queryKey: ['terms', slug] });
      void client.invalidateQueries({ queryKey: TAXONOMIES });
      props.onClose();
    },
  });
  const { taxonomy } = props;
  const inUse = props.usedBy.length > 0;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('taxonomies.close') }}
      opened={taxonomy !== null}
      onClose={props.onClose}
      title={t('taxonomies.deleteTaxonomy', { name: taxonomy?.plural_label ?? '' })}
    >
      <Stack>
        <Text size="sm">
          {inUse
            ? t('taxonomies.taxonomyInUse', { types: props.usedBy.join(', ') })
            : t('taxonomies.deleteTaxonomyHelp')}
        </Text>
        {remove.error ? (
          <Alert color="red" role="alert">
            {toApiError(remove.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {inUse ? t('taxonomies.close') : t('taxonomies.cancel')}
          </Button>
          {inUse || !taxonomy ? null : (
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(taxonomy.slug)}>
              {t('taxonomies.confirmDelete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
