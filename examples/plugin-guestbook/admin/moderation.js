// @ts-check
import { Stack, Table } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createElement as h, useState } from 'react';
import { entriesQuery } from './entries.js';
import { Button, Text } from './ui.js';

/**
 * /admin/plugins/guestbook/moderation, for users holding guestbook.moderate: the entries, each with
 * a button that deletes it through the plugin's own route (which checks the permission again).
 * @param {import('@tessera/plugin/admin').AdminContext} admin
 */
export function moderationScreen(admin) {
  return function Moderation() {
    const { t, language } = admin.useTranslation();
    const client = useQueryClient();
    const [said, setSaid] = useState('');
    const entries = useQuery(entriesQuery(admin));
    const remove = useMutation({
      /** @param {{ id: number; name: string }} entry */
      mutationFn: (entry) => admin.api.delete(`/entries/${entry.id}`),
      onSuccess: (_answer, entry) => {
        setSaid(t('moderation.deleted', { name: entry.name }));
        void client.invalidateQueries({ queryKey: ['guestbook', 'entries'] });
      },
    });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const problem = entries.error ?? remove.error;
    return h(
      Stack,
      null,
      h(Text, { size: 'sm', c: 'dimmed' }, t('moderation.intro')),
      h(Text, { size: 'sm', role: 'status' }, said),
      problem ? h(Text, { c: 'red', role: 'alert' }, problem.message) : null,
      entries.data?.length === 0 ? h(Text, { c: 'dimmed' }, t('moderation.empty')) : null,
      entries.data?.length
        ? h(
            Table,
            { striped: true },
            h(
              Table.Thead,
              null,
              h(
                Table.Tr,
                null,
                ['name', 'message', 'signed', 'actions'].map((column) =>
                  h(Table.Th, { key: column, scope: 'col' }, t(`moderation.${column}`)),
                ),
              ),
            ),
            h(
              Table.Tbody,
              null,
              entries.data.map((entry) =>
                h(
                  Table.Tr,
                  { key: entry.id },
                  h(Table.Th, { scope: 'row' }, entry.name),
                  h(Table.Td, null, entry.message),
                  h(Table.Td, null, date.format(new Date(entry.created_at))),
                  h(
                    Table.Td,
                    null,
                    h(
                      Button,
                      {
                        size: 'compact-sm',
                        variant: 'default',
                        color: 'red',
                        'aria-label': t('moderation.deleteNamed', { name: entry.name }),
                        loading: remove.isPending && remove.variables?.id === entry.id,
                        onClick: () => remove.mutate(entry),
                      },
                      t('moderation.delete'),
                    ),
                  ),
                ),
              ),
            ),
          )
        : null,
    );
  };
}
