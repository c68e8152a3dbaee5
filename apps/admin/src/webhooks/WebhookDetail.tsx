import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ApiError, api, data, done, toApiError } from '../api.js';
import { useConfirm } from '../shell/confirm.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle } from '../site.js';
import { Deliveries } from './Deliveries.js';
import { PingCard } from './PingCard.js';
import { SecretNotice } from './SecretNotice.js';
import { type WebhookDraft, WebhookForm } from './WebhookForm.js';
import { WEBHOOKS } from './WebhookList.js';

/** A fresh signing secret, as random as the server's own (32 bytes). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** One webhook: its settings, its secret (shown once, replaceable), a test ping and its deliveries. */
export function WebhookDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const created = (location.state as { secret?: string } | null)?.secret ?? null;
  const [secret, setSecret] = useState<string | null>(created);
  // The browser keeps a history entry's state across reloads: dropped once read, so it shows once.
  useEffect(() => {
    if (created) navigate(location.pathname, { replace: true, state: null });
  }, [created, navigate, location.pathname]);
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const webhook = useQuery({
    queryKey: ['webhooks', 'one', id],
    queryFn: () => data(api.GET('/api/webhooks/{id}', { params: { path: { id: id ?? 0 } } })),
    enabled: id !== null,
    retry: false,
  });
  useDocumentTitle(webhook.data?.url ?? t('webhooks.title'));
  const afterChange = (answer: { secret?: string }) => {
    if (answer.secret) setSecret(answer.secret);
    void client.invalidateQueries({ queryKey: ['webhooks'] });
  };
  const update = useMutation({
    mutationFn: (body: Partial<WebhookDraft> & { secret?: string }) =>
      data(api.PUT('/api/webhooks/{id}', { params: { path: { id: id ?? 0 } }, body })),
    onSuccess: (answer) => {
      setError(null);
      setSaved(!answer.secret);
      afterChange(answer);
    },
    onError: (failure) => {
      setError(toApiError(failure));
      setSaved(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/webhooks/{id}', { params: { path: { id: id ?? 0 } } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: WEBHOOKS });
      navigate('/webhooks', { replace: true });
    },
    onError: (failure) => setError(toApiError(failure)),
  });

  const back = (
    <Anchor component={Link} to="/webhooks" size="sm">
      ← {t('webhooks.back')}
    </Anchor>
  );
  if (id === null || (webhook.error as { code?: string } | null)?.code === 'not_found')
    return (
      <Stack>
        {back}
        <Text role="alert">{t('webhooks.notFound')}</Text>
      </Stack>
    );
  if (!webhook.data)
    return (
      <Stack>
        {back}
        <Pending error={webhook.error} retry={() => void webhook.refetch()} />
      </Stack>
    );
  const current = webhook.data;
  return (
    <Stack maw={900}>
      {back}
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" style={{ wordBreak: 'break-all', minWidth: 0 }}>
          {current.url}
        </Title>
        <Button
          variant="light"
          color="red"
          loading={remove.isPending}
          onClick={async () => {
            const yes = await ask({
              title: t('webhooks.deleteTitle'),
              text: t('webhooks.deleteConfirm', { url: current.url }),
              confirm: t('webhooks.delete'),
              danger: true,
            });
            if (yes) remove.mutate();
          }}
          aria-label={t('webhooks.deleteLabel', { url: current.url })}
        >
          {t('webhooks.delete')}
        </Button>
      </Group>
      {secret ? <SecretNotice secret={secret} /> : null}
      <PingCard id={current.id} />
      <Deliveries webhookId={current.id} />
      <Card withBorder radius="md" component="section" aria-labelledby="webhook-settings">
        <Title id="webhook-settings" order={2} size="h4" mb="sm">
          {t('webhooks.settings')}
        </Title>
        <WebhookForm
          key={current.updated_at}
          initial={current}
          submitLabel={t('webhooks.save')}
          pending={update.isPending && update.variables?.secret === undefined}
          error={error}
          onSubmit={(draft) => update.mutate(draft)}
          footer={
            saved ? (
              <Text size="sm" fw={600} role="status">
                {t('webhooks.saved')}
              </Text>
            ) : null
          }
        />
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="webhook-secret">
        <Title id="webhook-secret" order={2} size="h4" mb="xs">
          {t('webhooks.secret')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('webhooks.secretHelp')}
        </Text>
        <Group>
          <Button
            variant="default"
            loading={update.isPending && update.variables?.secret !== undefined}
            onClick={async () => {
              const yes = await ask({
                title: t('webhooks.secretRenewTitle'),
                text: t('webhooks.secretRenewConfirm'),
                confirm: t('webhooks.secretRenew'),
                danger: true,
              });
              if (yes) update.mutate({ secret: newSecret() });
            }}
          >
            {t('webhooks.secretRenew')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
