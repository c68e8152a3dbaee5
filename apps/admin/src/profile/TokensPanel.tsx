import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, done, page, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { useConfirm } from '../shell/confirm.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat } from '../site.js';

/** The user's API tokens: made with a name and an optional end date, shown once, revoked at will. */
export function TokensPanel() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const when = useDateFormat({ dateStyle: 'medium' });
  const tokens = useQuery({
    queryKey: ['tokens'],
    queryFn: () => page(api.GET('/api/me/tokens', { params: { query: { page: 1, limit: 100 } } })),
  });
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; expires_at?: string }) => data(api.POST('/api/me/tokens', { body })),
    onSuccess: (token) => {
      setCreated({ name: token.name, token: token.token });
      setError(null);
      void client.invalidateQueries({ queryKey: ['tokens'] });
    },
    onError: (failure) => setError(toApiError(failure)),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/me/tokens/{id}', { params: { path: { id } } })),
    onSettled: () => void client.invalidateQueries({ queryKey: ['tokens'] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      return;
    }
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const until = String(form.get('expires_at') ?? '');
    create.mutate({ name, ...(until ? { expires_at: new Date(`${until}T23:59:59`).toISOString() } : {}) });
    event.currentTarget.reset();
  }

  const live = tokens.data?.items.filter((token) => !token.revoked_at) ?? [];
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="tokens-title">
      <Title id="tokens-title" order={2} size="h4" mb="xs">
        {t('profile.tokens')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.tokensHelp')}
      </Text>
      {created ? (
        <Alert color="green" mb="md" role="status" title={t('profile.tokenCreated', { name: created.name })}>
          <Stack gap="xs">
            <Text size="sm">{t('profile.tokenOnce')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }}>{created.token}</Code>
              <CopyButton value={created.token}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('profile.copied') : t('profile.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" mb="md">
          <TextInput
            name="name"
            label={t('profile.tokenName')}
            required
            maxLength={100}
            error={fieldErrors(error).name}
          />
          <TextInput
            name="expires_at"
            type="date"
            label={t('profile.tokenExpires')}
            error={fieldErrors(error).expires_at}
          />
          <Button type="submit" loading={create.isPending}>
            {t('profile.createToken')}
          </Button>
        </Group>
        {error && Object.keys(error.errors).length === 0 ? (
          <Text c="red" size="sm" role="alert">
            {error.message}
          </Text>
        ) : null}
      </form>
      {tokens.error || tokens.isPending ? (
        <Pending error={tokens.error} retry={() => void tokens.refetch()} />
      ) : live.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.noTokens')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('profile.tokenName')}</Table.Th>
              <Table.Th scope="col">{t('profile.tokenStart')}</Table.Th>
              <Table.Th scope="col">{t('profile.lastUsed')}</Table.Th>
              <Table.Th scope="col">{t('profile.tokenExpires')}</Table.Th>
              <Table.Th scope="col">
                <span className="visually-hidden">{t('content.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {live.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>
                  <Code>{token.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  {token.last_used_at ? when.format(new Date(token.last_used_at)) : t('profile.never')}
                </Table.Td>
                <Table.Td>
                  {token.expires_at ? when.format(new Date(token.expires_at)) : t('profile.never')}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables === token.id}
                    onClick={async () => {
                      const yes = await ask({
                        title: t('profile.revokeTitle'),
                        text: t('profile.revokeConfirm', { name: token.name }),
                        confirm: t('profile.revoke'),
                        danger: true,
                      });
                      if (yes) revoke.mutate(token.id);
                    }}
                    aria-label={`${t('profile.revoke')}: ${token.name}`}
                  >
                    {t('profile.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
