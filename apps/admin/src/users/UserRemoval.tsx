import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, done, toApiError } from '../api.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import type { User } from './queries.js';

/** Removes the user from this site after a confirmation; the server's refusal (the last Super Admin) shows here. */
export function UserRemoval({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/users/{id}', { params: { path: { id: user.id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['users', 'one', user.id] });
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: ['roles'] });
      navigate('/users', { state: { notice: t('users.removed', { name: user.display_name }) } });
    },
    onSettled: () => setAsking(false),
  });
  const label = t('users.remove', { name: user.display_name });
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="user-remove">
      <Stack gap="xs" align="flex-start">
        <Title id="user-remove" order={2} size="h4">
          {t('users.removeTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.removeHelp')}
        </Text>
        {remove.error ? (
          <Alert color="red" role="alert">
            {toApiError(remove.error).message}
          </Alert>
        ) : null}
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          {label}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('users.removeTitle')}
        text={t('users.removeConfirm', { name: user.display_name })}
        confirm={label}
        danger
        pending={remove.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
