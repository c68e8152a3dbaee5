import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, toApiError } from '../api.js';
import { type TaxonomyLabels, type Term, termsKey } from './queries.js';

/**
 * Asks before deleting one term or many, says what follows (entries lose them; in a tree, children
 * move up), then deletes them one after another with a bar for many, listing what failed.
 */
export function DeleteTerms(props: {
  taxonomy: string;
  hierarchical: boolean;
  labels: TaxonomyLabels;
  terms: Term[];
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const { terms, taxonomy } = props;
  const one = terms.length === 1 ? terms[0] : undefined;

  async function run() {
    setFailures([]);
    setProgress({ done: 0, of: terms.length });
    const failed: string[] = [];
    for (const [index, term] of terms.entries()) {
      const answer = await api.DELETE('/api/taxonomies/{taxonomy}/terms/{id}', {
        params: { path: { taxonomy, id: term.id } },
      });
      if (!answer.response.ok)
        failed.push(`${term.name}: ${toApiError(answer.error, answer.response).message}`);
      setProgress({ done: index + 1, of: terms.length });
    }
    setProgress(null);
    await client.invalidateQueries({ queryKey: termsKey(taxonomy) });
    if (failed.length > 0) setFailures(failed);
    else {
      props.onDeleted?.();
      props.onClose();
    }
  }

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('taxonomies.close') }}
      opened={terms.length > 0}
      onClose={() => (progress ? undefined : props.onClose())}
      title={
        one
          ? t('taxonomies.deleteOne', { name: one.name })
          : t('taxonomies.deleteMany', { count: terms.length, label: props.labels.plural.toLowerCase() })
      }
    >
      <Stack>
        <Text size="sm">
          {props.hierarchical ? t('taxonomies.deleteTreeHelp') : t('taxonomies.deleteHelp')}
        </Text>
        {progress ? (
          <Stack gap={4} role="status">
            <Text size="sm">{t('taxonomies.deleting', { done: progress.done, of: progress.of })}</Text>
            <Progress value={(progress.done / progress.of) * 100} aria-hidden />
          </Stack>
        ) : null}
        {failures.length > 0 ? (
          <Alert color="red" role="alert" title={t('taxonomies.deleteFailed')}>
            {failures.map((failure) => (
              <Text key={failure} size="sm">
                {failure}
              </Text>
            ))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={progress !== null}>
            {t('taxonomies.cancel')}
          </Button>
          <Button color="red" onClick={() => void run()} loading={progress !== null}>
            {t('taxonomies.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
