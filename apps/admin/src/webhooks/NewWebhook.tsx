import { Anchor, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ApiError, api, data, toApiError } from '../api.js';
import { useDocumentTitle } from '../site.js';
import { type WebhookDraft, WebhookForm } from './WebhookForm.js';

/** A new webhook; once created, its page shows the secret the server answers this once. */
export function NewWebhook() {
  const { t } = useTranslation();
  useDocumentTitle(t('webhooks.newTitle'));
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<ApiError | null>(null);
  const create = useMutation({
    mutationFn: (body: WebhookDraft) => data(api.POST('/api/webhooks', { body })),
    onSuccess: (webhook) => {
      void client.invalidateQueries({ queryKey: ['webhooks', 'list'] });
      // Carried to the next screen in memory only: a reload there must not show it again.
      navigate(`/webhooks/${webhook.id}`, { state: { secret: webhook.secret } });
    },
    onError: (failure) => setError(toApiError(failure)),
  });
  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/webhooks" size="sm">
        ← {t('webhooks.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('webhooks.newTitle')}
      </Title>
      <WebhookForm
        submitLabel={t('webhooks.create')}
        pending={create.isPending}
        error={error}
        onSubmit={(draft) => create.mutate(draft)}
      />
    </Stack>
  );
}
