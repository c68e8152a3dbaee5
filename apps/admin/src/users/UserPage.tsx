import { Alert, Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { type ApiError, api, data } from '../api.js';
import { useCan, useSession } from '../session.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { beyond, type User, useRoles } from './queries.js';
import { UserEditForm } from './UserEditForm.js';
import { UserPasswordReset } from './UserPasswordReset.js';
import { UserRemoval } from './UserRemoval.js';

/**
 * One user of the site: their account at a glance, then what the admin may do to them: change them,
 * send a reset link, remove them from the site. What the server would refuse is not offered.
 */
export function UserPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const user = useQuery({
    queryKey: ['users', 'one', id],
    queryFn: () => data(api.GET('/api/users/{id}', { params: { path: { id } } })),
    enabled: Number.isInteger(id),
    retry: false,
  });
  useDocumentTitle(user.data?.display_name ?? t('users.title'));
  const missing = !Number.isInteger(id) || (user.error as ApiError | null)?.code === 'not_found';

  return (
    <Stack maw={720}>
      <Anchor component={Link} to="/users" size="sm">
        ← {t('users.back')}
      </Anchor>
      {missing ? (
        <Text role="alert">{t('users.notFound')}</Text>
      ) : user.error || !user.data ? (
        <Pending error={user.error} retry={() => void user.refetch()} />
      ) : (
        <UserScreen user={user.data} notice={notice} />
      )}
    </Stack>
  );
}

function UserScreen({ user, notice }: { user: User; notice: string | undefined }) {
  const { t } = useTranslation();
  const me = useSession();
  const can = useCan();
  const roles = useRoles(can('roles.view'));
  const self = user.id === me.id;
  // The server refuses (403) changing a Super Admin unless one is, or a user holding more than the actor.
  const rolePermissions = roles.data?.find((each) => each.id === user.role?.id)?.permissions ?? [];
  const outranks = user.is_super_admin && !me.is_super_admin;
  const beyondMe = beyond(rolePermissions, can);
  // Until the roles are known, whether the user outranks the admin is not: nothing is offered yet.
  const ready = !can('roles.view') || roles.data !== undefined;
  const manageable = ready && !outranks && beyondMe.length === 0;

  return (
    <>
      <Group gap="sm">
        <Title order={1} size="h2">
          {user.display_name}
        </Title>
        {user.is_super_admin ? <Badge variant="outline">{t('users.superAdmin')}</Badge> : null}
        {self ? <Badge variant="outline">{t('users.you')}</Badge> : null}
      </Group>
      {notice ? (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      ) : null}
      <AccountCard user={user} />
      {ready && !manageable && (can('users.edit') || can('users.delete')) ? (
        <Alert color="gray">{outranks ? t('users.readOnlySuper') : t('users.readOnlyOutranks')}</Alert>
      ) : null}
      {manageable && can('users.edit') ? (
        <UserEditForm key={user.id} user={user} roles={roles.data ?? null} />
      ) : null}
      {manageable && can('users.edit') && !self && user.status === 'active' ? (
        <UserPasswordReset user={user} />
      ) : null}
      {manageable && can('users.delete') && !self ? <UserRemoval user={user} /> : null}
    </>
  );
}

function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const rows: Array<[string, ReactNode]> = [
    [t('users.email'), user.email],
    [t('users.role'), user.role?.name ?? t('users.noRole')],
    [
      t('users.status'),
      <Badge key="status" variant="dot" color={user.status === 'active' ? 'green' : 'gray'} size="sm">
        {t(`users.${user.status}`)}
      </Badge>,
    ],
    [t('users.twoFactor'), user.two_factor_enabled ? t('users.on') : t('users.off')],
    [t('users.language'), t(`users.languages.${user.locale}`, { defaultValue: user.locale })],
    [
      t('users.lastSignIn'),
      user.last_login_at ? when.format(new Date(user.last_login_at)) : t('users.never'),
    ],
    [t('users.created'), when.format(new Date(user.created_at))],
  ];
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="user-account">
      <Title id="user-account" order={2} size="h4" mb="xs">
        {t('users.details')}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 130, sm: 200 }} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
