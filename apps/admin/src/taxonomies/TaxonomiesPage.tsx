import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContentTypes } from '../content/types.js';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { DeleteTaxonomy } from './DeleteTaxonomy.js';
import { labelsOf, type Taxonomy, useTaxonomies } from './queries.js';
import { TaxonomyForm } from './TaxonomyForm.js';

/**
 * Every taxonomy of the site, built-in and custom, with the content types filed by each; those who
 * manage taxonomies create custom ones, rename any, and delete custom ones no type uses.
 */
export function TaxonomiesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('taxonomies.title'));
  const canManage = useCan()('taxonomies.manage');
  const taxonomies = useTaxonomies();
  const types = useContentTypes().data ?? [];
  const [editing, setEditing] = useState<Taxonomy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Taxonomy | null>(null);
  const typeName = (slug: string) => {
    const type = types.find((each) => each.slug === slug);
    return type && !type.builtin ? type.plural_label : t(`content.plural.${slug}`, { defaultValue: slug });
  };
  const list = taxonomies.data ?? [];

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('taxonomies.title')}
        </Title>
        {canManage ? <Button onClick={() => setEditing('new')}>{t('taxonomies.newTaxonomy')}</Button> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('taxonomies.intro')}
      </Text>
      {taxonomies.error || !taxonomies.data ? (
        <Pending error={taxonomies.error} retry={() => void taxonomies.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('taxonomies.noTaxonomies')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('taxonomies.name')}</Table.Th>
                <Table.Th scope="col">{t('taxonomies.slug')}</Table.Th>
                <Table.Th scope="col">{t('taxonomies.structure')}</Table.Th>
                <Table.Th scope="col">{t('taxonomies.usedBy')}</Table.Th>
                {canManage ? (
                  <Table.Th scope="col">
                    <span className="visually-hidden">{t('taxonomies.actions')}</span>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((taxonomy) => {
                const name = labelsOf(t, taxonomy.slug, taxonomy).plural;
                return (
                  <Table.Tr key={taxonomy.slug}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/taxonomies/${taxonomy.slug}`} fw={500}>
                          {name}
                        </Anchor>
                        {taxonomy.builtin ? (
                          <Badge size="sm" variant="light" color="gray">
                            {t('taxonomies.builtinBadge')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Code>{taxonomy.slug}</Code>
                    </Table.Td>
                    <Table.Td>
                      {taxonomy.hierarchical ? t('taxonomies.nested') : t('taxonomies.flat')}
                    </Table.Td>
                    <Table.Td>
                      {taxonomy.content_types.length > 0 ? (
                        taxonomy.content_types.map(typeName).join(', ')
                      ) : (
                        <Text span size="sm" c="dimmed">
                          {t('taxonomies.unused')}
                        </Text>
                      )}
                    </Table.Td>
                    {canManage ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            onClick={() => setEditing(taxonomy)}
                            aria-label={`${t('taxonomies.edit')}: ${name}`}
                          >
                            {t('taxonomies.edit')}
                          </Button>
                          {taxonomy.builtin ? null : (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(taxonomy)}
                              aria-label={`${t('taxonomies.delete')}: ${name}`}
                            >
                              {t('taxonomies.delete')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TaxonomyForm
        taxonomy={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeleteTaxonomy
        key={deleting?.slug ?? ''}
        taxonomy={deleting}
        usedBy={(deleting?.content_types ?? []).map(typeName)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
