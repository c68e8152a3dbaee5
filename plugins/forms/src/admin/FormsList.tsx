import { Anchor, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkButton } from './controls.js';
import { ConfirmDelete } from './dialogs.js';
import { NewFormButton } from './NewForm.js';
import { builderPath, formsKey, formsQuery, submissionsPath } from './queries.js';
import { type Form, refusalsTotal } from './records.js';
import { LoadFailed, Loading } from './states.js';

/**
 * The site's forms with their counts. The same list opens both screens: under Forms (forms.manage)
 * it leads to each builder, with New form and Delete; under Submissions (forms.submissions) to each
 * form's submissions. A user holding both gets both links on either.
 */
export function formsList(admin: AdminContext, purpose: 'manage' | 'read') {
  return function FormsList() {
    const { t, language } = admin.useTranslation();
    const can = admin.useCan();
    const client = useQueryClient();
    const forms = useQuery(formsQuery(admin));
    const [deleting, setDeleting] = useState<Form | null>(null);
    const remove = useMutation({
      mutationFn: (form: Form) => admin.api.delete(`/forms/${form.id}`),
      onSuccess: async () => {
        setDeleting(null);
        await client.invalidateQueries({ queryKey: formsKey });
      },
    });
    const manage = can('forms.manage');
    const read = can('forms.submissions');
    const number = new Intl.NumberFormat(language);

    return (
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Text size="sm" c="dimmed" maw={640}>
            {purpose === 'manage' ? t('list.intro') : t('list.introRead')}
          </Text>
          {manage ? <NewFormButton admin={admin} /> : null}
        </Group>
        {forms.error ? (
          <LoadFailed
            text={t('list.failed', { message: forms.error.message })}
            retry={() => void forms.refetch()}
            t={t}
          />
        ) : forms.isPending ? (
          <Loading text={t('list.loading')} />
        ) : forms.data.length === 0 ? (
          <Text c="dimmed">{manage ? t('list.empty') : t('list.emptyRead')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('list.title')}</Table.Th>
                  <Table.Th scope="col">{t('list.slug')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('list.fields')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('list.submissions')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('list.unread')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('list.refusals')}
                  </Table.Th>
                  <Table.Th scope="col">{t('list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forms.data.map((form) => (
                  <Table.Tr key={form.id}>
                    <Table.Th scope="row" fw={600}>
                      {manage ? (
                        <Anchor component={Link} to={builderPath(form.id)}>
                          {form.title}
                        </Anchor>
                      ) : (
                        <Anchor component={Link} to={submissionsPath(form.id)}>
                          {form.title}
                        </Anchor>
                      )}
                    </Table.Th>
                    <Table.Td>
                      <Code>{form.slug}</Code>
                    </Table.Td>
                    <Table.Td ta="end">{number.format(form.fields.length)}</Table.Td>
                    <Table.Td ta="end">{number.format(form.submission_count)}</Table.Td>
                    <Table.Td ta="end">
                      {form.unread_count > 0 ? (
                        <Badge
                          variant="filled"
                          color="blue"
                          aria-label={t('list.unreadCount', { count: form.unread_count })}
                        >
                          {number.format(form.unread_count)}
                        </Badge>
                      ) : (
                        '0'
                      )}
                    </Table.Td>
                    <Table.Td ta="end" title={refusalsTitle(form, t)}>
                      {number.format(refusalsTotal(form.refusals))}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {manage ? (
                          <LinkButton
                            to={builderPath(form.id)}
                            text={t('list.edit')}
                            label={t('list.editOf', { title: form.title })}
                          />
                        ) : null}
                        {read ? (
                          <LinkButton
                            to={submissionsPath(form.id)}
                            text={t('list.submissions')}
                            label={t('list.submissionsOf', { title: form.title })}
                          />
                        ) : null}
                        {manage ? (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('list.deleteOf', { title: form.title })}
                            onClick={() => {
                              remove.reset();
                              setDeleting(form);
                            }}
                          >
                            {t('list.delete')}
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ConfirmDelete
          opened={deleting !== null}
          title={t('list.deleteTitle', { title: deleting?.title ?? '' })}
          text={t('list.deleteText', { count: deleting?.submission_count ?? 0 })}
          confirm={t('list.deleteConfirm')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => deleting && remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
          t={t}
        />
      </Stack>
    );
  };
}

/** Each reason's count, for the pointer's tooltip over the total. */
function refusalsTitle(form: Form, t: (key: string, values?: Record<string, unknown>) => string): string {
  return Object.entries(form.refusals)
    .map(([reason, count]) => t('refusals.line', { reason: t(`refusals.${reason}`), count }))
    .join('\n');
}
