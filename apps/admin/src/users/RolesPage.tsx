import { Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCan } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { useRoles } from './queries.js';

/** The site's roles with how many users hold each (a link to them) and how many permissions. */
export function RolesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.roles.title'));
  const can = useCan();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const roles = useRoles();

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('users.roles.title')}
        </Title>
        {can('roles.create') ? (
          <Button component={Link} to="/roles/new">
            {t('users.roles.add')}
          </Button>
        ) : null}
      </Group>
      {notice ? (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      ) : null}
      {roles.error || roles.isPending ? (
        <Pending error={roles.error} retry={() => void roles.refetch()} />
      ) : roles.data.length === 0 ? (
        <Text c="dimmed">{t('users.roles.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('users.roles.name')}</Table.Th>
                <Table.Th scope="col">{t('users.roles.slug')}</Table.Th>
                <Table.Th scope="col">{t('users.roles.kind')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('users.roles.members')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('users.roles.permissionsCount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.data.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/roles/${role.id}`} fw={500} size="sm">
                      {role.name}
                    </Anchor>
                    {role.description ? (
                      <Text size="xs" c="dimmed">
                        {role.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Code>{role.slug}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={role.is_default ? 'gray' : 'blue'} size="sm">
                      {role.is_default ? t('users.roles.builtin') : t('users.roles.custom')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    {can('users.view') && role.member_count > 0 ? (
                      <Anchor
                        component={Link}
                        to={`/users?role=${encodeURIComponent(role.slug)}`}
                        size="sm"
                        aria-label={t('users.roles.membersOf', { name: role.name, count: role.member_count })}
                      >
                        {role.member_count}
                      </Anchor>
                    ) : (
                      <Text size="sm">{role.member_count}</Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{role.permissions.length}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
