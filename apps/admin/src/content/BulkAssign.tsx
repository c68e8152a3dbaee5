import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, page } from '../api.js';
import { labelsOf, useTaxonomies, useTerms } from '../taxonomies/queries.js';

/** What a bulk assignment sets on each chosen entry. */
export type Assignment =
  | { kind: 'author'; userId: number }
  | { kind: 'term'; taxonomy: string; termId: number };

/**
 * The two bulk changes that need a choice first: a new author (those who may edit others' entries
 * and read users), or a term added to the entries' terms of one taxonomy.
 */
export function BulkAssign(props: {
  kind: 'author' | 'term' | null;
  taxonomies: readonly string[];
  count: number;
  onClose: () => void;
  onApply: (assignment: Assignment) => void;
}) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string | null>(null);
  const [taxonomy, setTaxonomy] = useState<string | null>(props.taxonomies[0] ?? null);
  const [termId, setTermId] = useState<string | null>(null);
  const known = useTaxonomies().data ?? [];
  const users = useQuery({
    queryKey: ['users', 'names'],
    queryFn: () => page(api.GET('/api/users', { params: { query: { page: 1, limit: 100 } } })),
    enabled: props.kind === 'author',
    staleTime: 60_000,
  });
  const terms = useTerms(taxonomy ?? '').data ?? [];
  const ready = props.kind === 'author' ? userId !== null : termId !== null && taxonomy !== null;

  return (
    <Modal
      opened={props.kind !== null}
      onClose={props.onClose}
      title={
        props.kind === 'author'
          ? t('content.bulkAuthorTitle', { count: props.count })
          : t('content.bulkTermTitle', { count: props.count })
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (props.kind === 'author' && userId) props.onApply({ kind: 'author', userId: Number(userId) });
          if (props.kind === 'term' && taxonomy && termId)
            props.onApply({ kind: 'term', taxonomy, termId: Number(termId) });
        }}
      >
        <Stack>
          {props.kind === 'author' ? (
            <Select
              label={t('content.author')}
              searchable
              data={(users.data?.items ?? []).map((user) => ({
                value: String(user.id),
                label: `${user.display_name} (${user.email})`,
              }))}
              value={userId}
              onChange={setUserId}
              nothingFoundMessage={t('editor.nothingFound')}
            />
          ) : (
            <>
              {props.taxonomies.length > 1 ? (
                <Select
                  label={t('content.taxonomy')}
                  data={props.taxonomies.map((slug) => ({
                    value: slug,
                    label: labelsOf(
                      t,
                      slug,
                      known.find((each) => each.slug === slug),
                    ).plural,
                  }))}
                  value={taxonomy}
                  onChange={(value) => {
                    setTaxonomy(value);
                    setTermId(null);
                  }}
                  allowDeselect={false}
                />
              ) : null}
              <Select
                label={
                  labelsOf(
                    t,
                    taxonomy ?? '',
                    known.find((each) => each.slug === taxonomy),
                  ).singular
                }
                searchable
                data={terms.map((term) => ({ value: String(term.id), label: term.name }))}
                value={termId}
                onChange={setTermId}
                nothingFoundMessage={t('editor.nothingFound')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={!ready}>
              {t('content.apply', { count: props.count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
