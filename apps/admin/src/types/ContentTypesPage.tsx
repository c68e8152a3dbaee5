import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContentTypes } from '../content/types.js';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { DeleteContentType } from './DeleteContentType.js';
import type { ContentType } from './model.js';
import { useEntryCounts } from './queries.js';

/**
 * The site's content types, built-in and custom, with their fields and entries counted: the way
 * into the designer, to a new type, and to deleting a custom one.
 */
export function ContentTypesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contentTypes.title'));
  const canManage = useCan()('content_types.manage');
  const types = useContentTypes();
  const list = types.data ?? [];
  const counts = useEntryCounts(list);
  const [deleting, setDeleting] = useState<ContentType | null>(null);
  const nameOf = (type: ContentType) =>
    type.builtin ? t(`content.plural.${type.slug}`, { defaultValue: type.plural_label }) : type.plural_label;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t('contentTypes.title')}
        </Title>
        {canManage ? (
          <Button component={Link} to="/content-types/new">
            {t('contentTypes.new')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('contentTypes.intro')}
      </Text>
      {types.error || !types.data ? (
        <Pending error={types.error} retry={() => void types.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('contentTypes.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contentTypes.name')}</Table.Th>
                <Table.Th scope="col">{t('contentTypes.slug')}</Table.Th>
                <Table.Th scope="col">{t('contentTypes.fieldCount')}</Table.Th>
                <Table.Th scope="col">{t('contentTypes.entries')}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t('contentTypes.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((type) => {
                const name = nameOf(type);
                return (
                  <Table.Tr key={type.slug}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/content-types/${type.slug}`} fw={500}>
                          {name}
                        </Anchor>
                        {type.builtin ? (
                          <Badge size="sm" variant="light" color="gray">
                            {t('contentTypes.builtin')}
                          </Badge>
                        ) : null}
                      </Group>
                      {type.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {type.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Code>{type.slug}</Code>
                    </Table.Td>
                    <Table.Td>{type.fields.length}</Table.Td>
                    <Table.Td>{counts[type.slug] ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          component={Link}
                          to={`/content-types/${type.slug}`}
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`${t('contentTypes.edit')}: ${name}`}
                        >
                          {t('contentTypes.edit')}
                        </Button>
                        {type.builtin || !canManage ? null : (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(type)}
                            aria-label={`${t('contentTypes.delete')}: ${name}`}
                          >
                            {t('contentTypes.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DeleteContentType
        key={deleting?.slug ?? ''}
        type={deleting}
        entries={deleting ? counts[deleting.slug] : undefined}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
