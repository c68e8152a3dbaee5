import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations } from '@tessera/sdk';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data, page, toApiError } from '../api.js';
import { useCan } from '../session.js';
import { ListPagination } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { AccountDeletion } from './AccountDeletion.js';

const STATUSES = ['any', 'active', 'suspended', 'anonymised'] as const;
type Status = (typeof STATUSES)[number];

/** A site account as the API answers it (GET /api/accounts/{id}). */
export type Account =
  operations['get_accounts_by_id']['responses'][200]['content']['application/json']['data'];

/** How an account is named on the screen: its name, else its address, else that it was anonymised. */
export function accountName(t: TFunction, account: Account): string {
  return account.name || account.email || t('accounts.anonymous', { id: account.id });
}

/**
 * The site's accounts (its visitors who registered, not the administration's users): searched by
 * name or email, filtered by status, paged; each suspended or let back in, exported as JSON for the
 * person who asks, deleted or anonymised after a confirmation. Changes need accounts.manage.
 */
export function AccountsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accounts.title'));
  const can = useCan();
  const client = useQueryClient();
  const when = useDateFormat({ dateStyle: 'medium' });
  const [status, setStatus] = useState<Status>('any');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [current, setCurrent] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const list = useQuery({
    queryKey: ['accounts', status, q, current],
    queryFn: () =>
      page(
        api.GET('/api/accounts', {
          params: {
            query: {
              page: current,
              limit: 20,
              ...(status !== 'any' ? { status } : {}),
              ...(q ? { search: q } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const standing = useMutation({
    mutationFn: ({ account, to }: { account: Account; to: 'suspend' | 'unsuspend' }) =>
      data(
        to === 'suspend'
          ? api.POST('/api/accounts/{id}/suspend', { params: { path: { id: account.id } } })
          : api.POST('/api/accounts/{id}/unsuspend', { params: { path: { id: account.id } } }),
      ),
    onSuccess: (account, { to }) => {
      setNotice(
        t(to === 'suspend' ? 'accounts.suspended' : 'accounts.unsuspended', {
          name: accountName(t, account),
        }),
      );
      void client.invalidateQueries({ queryKey: ['accounts'] });
    },
    onError: () => setNotice(null),
  });
  const items = list.data?.items ?? [];
  const manage = can('accounts.manage');

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('accounts.title')}
      </Title>
      <Text c="dimmed">{t('accounts.about')}</Text>
      {notice ? (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {standing.error ? (
        <Alert color="red" role="alert">
          {toApiError(standing.error).message}
        </Alert>
      ) : null}
      <Group align="flex-end">
        <TextInput
          label={t('accounts.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setCurrent(1);
          }}
        />
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as Status);
            setCurrent(1);
          }}
          data={STATUSES.map((value) => ({ value, label: t(`accounts.statuses.${value}`) }))}
          aria-label={t('accounts.statusFilter')}
        />
      </Group>
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{q || status !== 'any' ? t('accounts.noMatch') : t('accounts.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={820} type="native">
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('accounts.name')}</Table.Th>
                  <Table.Th scope="col">{t('accounts.email')}</Table.Th>
                  <Table.Th scope="col">{t('accounts.status')}</Table.Th>
                  <Table.Th scope="col">{t('accounts.created')}</Table.Th>
                  <Table.Th scope="col">{t('accounts.lastSignIn')}</Table.Th>
                  {manage ? <Table.Th scope="col">{t('accounts.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((account) => {
                  const name = accountName(t, account);
                  return (
                    <Table.Tr key={account.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{account.email}</Text>
                        {account.status !== 'anonymised' && !account.email_verified_at ? (
                          <Text size="xs" c="dimmed">
                            {t('accounts.unconfirmed')}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="dot"
                          size="sm"
                          color={
                            account.status === 'active'
                              ? 'green'
                              : account.status === 'suspended'
                                ? 'orange'
                                : 'gray'
                          }
                        >
                          {t(`accounts.statuses.${account.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{when.format(new Date(account.created_at))}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {account.last_sign_in_at
                            ? when.format(new Date(account.last_sign_in_at))
                            : t('accounts.never')}
                        </Text>
                      </Table.Td>
                      {manage ? (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {account.status === 'anonymised' ? null : (
                              <Button
                                size="compact-sm"
                                variant="subtle"
                                disabled={standing.isPending}
                                aria-label={t(
                                  account.status === 'suspended'
                                    ? 'accounts.unsuspendLabel'
                                    : 'accounts.suspendLabel',
                                  { name },
                                )}
                                onClick={() =>
                                  standing.mutate({
                                    account,
                                    to: account.status === 'suspended' ? 'unsuspend' : 'suspend',
                                  })
                                }
                              >
                                {t(
                                  account.status === 'suspended' ? 'accounts.unsuspend' : 'accounts.suspend',
                                )}
                              </Button>
                            )}
                            <Button
                              component="a"
                              href={`/api/accounts/${account.id}/export`}
                              download={`account-${account.id}.json`}
                              size="compact-sm"
                              variant="subtle"
                              aria-label={t('accounts.exportLabel', { name })}
                            >
                              {t('accounts.export')}
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              aria-label={t('accounts.deleteLabel', { name })}
                              onClick={() => setDeleting(account)}
                            >
                              {t('accounts.delete')}
                            </Button>
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {t('accounts.total', { count: list.data?.meta.total ?? items.length })}
          </Text>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
      <AccountDeletion
        account={deleting}
        onClose={() => setDeleting(null)}
        onDone={(message) => {
          setDeleting(null);
          setNotice(message);
          void client.invalidateQueries({ queryKey: ['accounts'] });
        }}
      />
    </Stack>
  );
}
