import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, data, toApiError } from '../api.js';
import { useCan } from '../session.js';
import { useConfirm } from '../shell/confirm.js';
import { useDateFormat, useSite } from '../site.js';
import { fromWallClock } from '../zoned.js';
import { NEWSLETTER } from './queries.js';

/**
 * Sending a saved campaign (newsletter.send): a test to oneself first, then now or at a time in the
 * site's zone; a scheduled one can be taken back to a draft. Unsaved changes must be saved first.
 */
export function SendPanel({
  id,
  status,
  scheduledAt,
  dirty,
}: {
  id: number;
  status: string;
  scheduledAt: string | null;
  dirty: boolean;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const ask = useConfirm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const when = useDateFormat();
  const zone = useSite().data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [at, setAt] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () =>
      data(api.POST('/api/newsletter/campaigns/{id}/test', { params: { path: { id } }, body: {} })),
    onSuccess: (sent) => setNotice(t('newsletter.send.testSent', { to: sent.to })),
  });
  const send = useMutation({
    mutationFn: (instant: string | null) =>
      data(
        api.POST('/api/newsletter/campaigns/{id}/send', {
          params: { path: { id } },
          body: instant ? { at: instant } : {},
        }),
      ),
    onSuccess: (campaign) => {
      void client.invalidateQueries({ queryKey: NEWSLETTER });
      if (campaign.status === 'scheduled') setNotice(t('newsletter.send.scheduledNotice'));
      else navigate(`/newsletter/campaigns/${id}/report`);
    },
  });
  const cancel = useMutation({
    mutationFn: () => data(api.POST('/api/newsletter/campaigns/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => {
      setNotice(t('newsletter.send.unscheduled'));
      void client.invalidateQueries({ queryKey: NEWSLETTER });
    },
  });
  const failure = test.error ?? send.error ?? cancel.error;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="send-title">
      <Stack gap="sm">
        <Title id="send-title" order={2} size="h4">
          {t('newsletter.send.title')}
        </Title>
        {notice ? (
          <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {toApiError(failure).message}
          </Alert>
        ) : null}
        {dirty ? (
          <Text size="sm" c="dimmed">
            {t('newsletter.send.saveFirst')}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={dirty}>
            {t('newsletter.send.test')}
          </Button>
        </Group>
        {status === 'scheduled' ? (
          <Group>
            <Text size="sm">
              {t('newsletter.send.scheduledFor', {
                date: scheduledAt ? when.format(new Date(scheduledAt)) : '',
              })}
            </Text>
            {can('newsletter.send') ? (
              <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
                {t('newsletter.send.unschedule')}
              </Button>
            ) : null}
          </Group>
        ) : can('newsletter.send') ? (
          <>
            <Group align="flex-end">
              <Button
                disabled={dirty}
                loading={send.isPending && send.variables === null}
                onClick={async () => {
                  const yes = await ask({
                    title: t('newsletter.send.confirmTitle'),
                    text: t('newsletter.send.confirmText'),
                    confirm: t('newsletter.send.now'),
                  });
                  if (yes) send.mutate(null);
                }}
              >
                {t('newsletter.send.now')}
              </Button>
            </Group>
            <Group align="flex-end">
              <TextInput
                type="datetime-local"
                label={t('newsletter.send.at', { zone })}
                value={at}
                onChange={(event) => setAt(event.currentTarget.value)}
              />
              <Button
                variant="default"
                disabled={dirty || !at}
                loading={send.isPending && send.variables !== null}
                onClick={() => {
                  const instant = fromWallClock(at, zone);
                  if (instant) send.mutate(instant);
                }}
              >
                {t('newsletter.send.schedule')}
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('newsletter.send.notAllowed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
