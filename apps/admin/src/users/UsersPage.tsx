import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, page } from '../api.js';
import { useCan } from '../session.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { useRoles } from './queries.js';
import { UsersTable } from './UsersTable.js';

const STATUSES = ['any', 'active', 'suspended'] as const;
type Status = (typeof STATUSES)[number];

/**
 * The users of the site (its members and the Super Admins): search by name or email, filter by role
 * (`?role=` links here from the roles screen) and status, page through; each opens its own screen.
 */
export function UsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.title'));
  const can = useCan();
  const [params] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [role, setRole] = useState<string | null>(params.get('role'));
  const [status, setStatus] = useState<Status>('any');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [current, setCurrent] = useState(1);
  const roles = useRoles(can('roles.view'));
  const list = useQuery({
    queryKey: ['users', role, status, q, current],
    queryFn: () =>
      page(
        api.GET('/api/users', {
          params: {
            query: {
              page: current,
              limit: 20,
              ...(role ? { role } : {}),
              ...(status !== 'any' ? { status } : {}),
              ...(q ? { search: q } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const filtered = Boolean(role || q || status !== 'any');

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        {can('users.create') && can('roles.view') ? (
          <Button component={Link} to="/users/new">
            {t('users.add')}
          </Button>
        ) : null}
      </Group>
      {notice ? (
        <Alert color="green" role="status">
          {notice}
        </Alert>
      ) : null}
      <Group align="flex-end">
        <TextInput
          label={t('users.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setCurrent(1);
          }}
        />
        {roles.data ? (
          <Select
            label={t('users.role')}
            placeholder={t('users.anyRole')}
            value={role}
            onChange={(value) => {
              setRole(value);
              setCurrent(1);
            }}
            data={roles.data.map((each) => ({ value: each.slug, label: each.name }))}
            clearable
          />
        ) : null}
      </Group>
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as Status);
          setCurrent(1);
        }}
        data={STATUSES.map((value) => ({ value, label: t(`users.statuses.${value}`) }))}
        aria-label={t('users.statusFilter')}
        w="fit-content"
      />
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{filtered ? t('users.noMatch') : t('users.empty')}</Text>
      ) : (
        <>
          <UsersTable users={items} />
          <Text size="sm" c="dimmed">
            {t('users.total', { count: list.data?.meta.total ?? items.length })}
          </Text>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
