import { Radio, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, done } from '../api.js';
import { ConfirmDialog } from '../shell/ConfirmDialog.js';
import { type Account, accountName } from './AccountsPage.js';

type Mode = 'delete' | 'anonymise';

/**
 * Deletes an account after a confirmation that asks what becomes of it: deleted with its data, or
 * anonymised (kept without the person, so what plugins keep of it still adds up). An anonymised
 * account can only be deleted. The server's refusal (a plugin's) shows in the dialog.
 */
export function AccountDeletion(props: {
  account: Account | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { account } = props;
  const [mode, setMode] = useState<Mode>('delete');
  const remove = useMutation({
    mutationFn: ({ id, mode }: { id: number; mode: Mode }) =>
      done(api.DELETE('/api/accounts/{id}', { params: { path: { id }, query: { mode } } })),
    onSuccess: (_nothing, { mode }) =>
      props.onDone(t(mode === 'delete' ? 'accounts.deleted' : 'accounts.anonymised')),
  });
  const { reset } = remove;
  // Each account asked about starts from the safest choice and no earlier failure.
  useEffect(() => {
    if (account) {
      setMode('delete');
      reset();
    }
  }, [account, reset]);
  const anonymised = account?.status === 'anonymised';
  const chosen: Mode = anonymised ? 'delete' : mode;
  return (
    <ConfirmDialog
      opened={account !== null}
      title={t('accounts.deleteTitle')}
      confirm={t(chosen === 'delete' ? 'accounts.confirmDelete' : 'accounts.confirmAnonymise')}
      danger
      pending={remove.isPending}
      error={remove.error}
      onClose={props.onClose}
      onConfirm={() => account && remove.mutate({ id: account.id, mode: chosen })}
    >
      <Text size="sm">{account ? t('accounts.deleteText', { name: accountName(t, account) }) : null}</Text>
      {anonymised ? null : (
        <Radio.Group
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          label={t('accounts.deleteChoice')}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="delete"
              label={t('accounts.modeDelete')}
              description={t('accounts.modeDeleteHelp')}
            />
            <Radio
              value="anonymise"
              label={t('accounts.modeAnonymise')}
              description={t('accounts.modeAnonymiseHelp')}
            />
          </Stack>
        </Radio.Group>
      )}
    </ConfirmDialog>
  );
}
