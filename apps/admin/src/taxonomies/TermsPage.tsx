import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { DeleteTerms } from './DeleteTerms.js';
import { labelsOf, type Term, useTaxonomies, useTerms } from './queries.js';
import { TermForm } from './TermForm.js';
import { TermTable } from './TermTable.js';
import { TermTree } from './TermTree.js';

/**
 * The terms of one taxonomy (/taxonomies/category, /taxonomies/tag, a custom one): a tree that
 * drags and nests when terms have parents, a searchable table when they do not; terms added,
 * changed and deleted by those who manage taxonomies, only read by others.
 */
export function TermsPage() {
  const { t } = useTranslation();
  const slug = useParams().taxonomy ?? '';
  const can = useCan();
  const canManage = can('taxonomies.manage');
  const taxonomies = useTaxonomies();
  const taxonomy = taxonomies.data?.find((each) => each.slug === slug);
  const labels = labelsOf(t, slug, taxonomy);
  useDocumentTitle(labels.plural);
  const terms = useTerms(slug);
  const [editing, setEditing] = useState<Term | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Term[]>([]);
  const hierarchical = taxonomy?.hierarchical ?? false;

  if (taxonomies.data && !taxonomy)
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('taxonomies.missing')}
        </Title>
        <Text>{t('taxonomies.missingText', { slug })}</Text>
        <Anchor component={Link} to="/taxonomies">
          {t('taxonomies.all')}
        </Anchor>
      </Stack>
    );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {labels.plural}
          </Title>
          <Anchor component={Link} to="/taxonomies" size="sm">
            {t('taxonomies.all')}
          </Anchor>
        </Stack>
        {canManage && taxonomy ? (
          <Button onClick={() => setEditing('new')}>
            {t('taxonomies.newTerm', { label: labels.singular.toLowerCase() })}
          </Button>
        ) : null}
      </Group>
      {hierarchical && canManage ? (
        <Text size="sm" c="dimmed">
          {t('taxonomies.treeHelp')}
        </Text>
      ) : null}
      {taxonomies.error || !taxonomy ? (
        <Pending error={taxonomies.error} retry={() => void taxonomies.refetch()} />
      ) : !hierarchical ? (
        <TermTable
          taxonomy={slug}
          labels={labels}
          canManage={canManage}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      ) : terms.error || !terms.data ? (
        <Pending error={terms.error} retry={() => void terms.refetch()} />
      ) : terms.data.length === 0 ? (
        <Text c="dimmed">{t('taxonomies.empty', { label: labels.plural.toLowerCase() })}</Text>
      ) : (
        <TermTree
          taxonomy={slug}
          terms={terms.data}
          canManage={canManage}
          labels={labels}
          onEdit={setEditing}
          onDelete={(term) => setDeleting([term])}
        />
      )}
      <TermForm
        taxonomy={slug}
        hierarchical={hierarchical}
        labels={labels}
        terms={terms.data ?? []}
        term={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeleteTerms
        key={deleting.map((term) => term.id).join()}
        taxonomy={slug}
        hierarchical={hierarchical}
        labels={labels}
        terms={deleting}
        onClose={() => setDeleting([])}
      />
    </Stack>
  );
}
