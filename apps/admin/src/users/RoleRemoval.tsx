import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, done, toApiError } from '../api.js';
import { useCan } from '../session.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { beyond, type Role } from './queries.js';

/**
 * Deletes a custom role after a confirmation. Built-in roles cannot go (the server's 409
 * default_role), nor one somebody still has (409 role_in_use): said instead of offered.
 */
export function RoleRemoval({ role }: { role: Role }) {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => done(api.DELETE('/api/roles/{id}', { params: { path: { id: role.id } } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['roles'] });
      navigate('/roles', { state: { notice: t('users.roles.deleted', { name: role.name }) } });
    },
    onSettled: () => setAsking(false),
  });
  if (!can('roles.delete') || beyond(role.permissions, can).length > 0) return null;
  if (role.is_default)
    return (
      <Text size="sm" c="dimmed">
        {t('users.roles.builtinNoDelete')}
      </Text>
    );
  const label = t('users.roles.delete', { name: role.name });
  const inUse = role.member_count > 0;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="role-delete">
      <Stack gap="xs" align="flex-start">
        <Title id="role-delete" order={2} size="h4">
          {t('users.roles.deleteTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {inUse ? t('users.roles.deleteInUse', { count: role.member_count }) : t('users.roles.deleteHelp')}
        </Text>
        {remove.error ? (
          <Alert color="red" role="alert">
            {toApiError(remove.error).message}
          </Alert>
        ) : null}
        <Button color="red" variant="light" disabled={inUse} onClick={() => setAsking(true)}>
          {label}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('users.roles.deleteTitle')}
        text={t('users.roles.deleteConfirm', { name: role.name })}
        confirm={label}
        danger
        pending={remove.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
