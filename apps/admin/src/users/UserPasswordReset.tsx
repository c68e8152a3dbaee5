import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data, toApiError } from '../api.js';
import type { User } from './queries.js';

/**
 * Sends the user the same single-use reset link as "Forgot your password?" does: how an admin helps
 * someone locked out without ever knowing their new password.
 */
export function UserPasswordReset({ user }: { user: User }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: () => data(api.POST('/api/auth/password/forgot', { body: { email: user.email } })),
  });
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="user-reset">
      <Stack gap="xs" align="flex-start">
        <Title id="user-reset" order={2} size="h4">
          {t('users.resetTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('users.resetHelp')}
        </Text>
        {send.isSuccess ? (
          <Alert color="green" role="status">
            {t('users.resetSent')}
          </Alert>
        ) : null}
        {send.error ? (
          <Alert color="red" role="alert">
            {toApiError(send.error).message}
          </Alert>
        ) : null}
        <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
          {t('users.sendReset')}
        </Button>
      </Stack>
    </Card>
  );
}
