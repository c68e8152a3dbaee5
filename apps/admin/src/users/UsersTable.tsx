import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session.js';
import { useDateFormat } from '../site.js';
import type { User } from './queries.js';

/** One page of users: each name opens the user's screen; the table scrolls sideways on a phone. */
export function UsersTable({ users }: { users: readonly User[] }) {
  const { t } = useTranslation();
  const me = useSession();
  const when = useDateFormat();
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('users.name')}</Table.Th>
            <Table.Th scope="col">{t('users.email')}</Table.Th>
            <Table.Th scope="col">{t('users.role')}</Table.Th>
            <Table.Th scope="col">{t('users.twoFactor')}</Table.Th>
            <Table.Th scope="col">{t('users.lastSignIn')}</Table.Th>
            <Table.Th scope="col">{t('users.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`/users/${user.id}`} fw={500} size="sm">
                    {user.display_name}
                  </Anchor>
                  {user.id === me.id ? (
                    <Text size="xs" c="dimmed">
                      ({t('users.you')})
                    </Text>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.role?.name ?? t('users.noRole')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.two_factor_enabled ? t('users.on') : t('users.off')}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {user.last_login_at ? when.format(new Date(user.last_login_at)) : t('users.never')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="dot" color={user.status === 'active' ? 'green' : 'gray'} size="sm">
                  {t(`users.${user.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
