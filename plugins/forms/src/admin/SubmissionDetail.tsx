import { Anchor, Badge, Button, Drawer, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContext } from '@tessera/plugin/admin';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDelete } from './dialogs.js';
import { FORMS, fileHref, formsKey, submissionKey, submissionQuery, submissionsKey } from './queries.js';
import type { Submission } from './records.js';
import { LoadFailed, Loading } from './states.js';
import { shownValue, sizeText } from './submission-values.js';
import { languageName } from './TranslationsEditor.js';

/**
 * One submission beside the list: every field with its label and value as the form had them at
 * that version, its files as downloads, when and in which language it came. Opening it marks it
 * read; it can be marked unread again, or deleted.
 */
export function SubmissionDetail(props: {
  admin: AdminContext;
  formId: number;
  id: number | null;
  dates: Intl.DateTimeFormat;
  onClose: () => void;
}) {
  const { admin, formId, id } = props;
  const { t, language } = admin.useTranslation();
  const client = useQueryClient();
  const submission = useQuery({ ...submissionQuery(admin, id ?? 0), enabled: id !== null });
  const [deleting, setDeleting] = useState(false);
  const marked = useRef(new Set<number>());

  const refreshLists = () => {
    void client.invalidateQueries({ queryKey: submissionsKey(formId) });
    void client.invalidateQueries({ queryKey: formsKey });
    void client.invalidateQueries({ queryKey: [FORMS, 'form', formId] });
  };
  const mark = useMutation({
    mutationFn: (change: { id: number; read: boolean }) =>
      admin.api.patch<Submission>(`/submissions/${change.id}`, { read: change.read }),
    onSuccess: (stored) => {
      client.setQueryData(submissionKey(stored.id), stored);
      refreshLists();
    },
  });
  const remove = useMutation({
    mutationFn: (gone: number) => admin.api.delete(`/submissions/${gone}`),
    onSuccess: () => {
      setDeleting(false);
      props.onClose();
      refreshLists();
    },
  });

  // Read once opened: only the first time it is opened here, so Mark unread holds.
  const data = submission.data;
  useEffect(() => {
    if (!data || data.read_at !== null || marked.current.has(data.id)) return;
    marked.current.add(data.id);
    mark.mutate({ id: data.id, read: true });
  }, [data, mark]);

  return (
    <Drawer
      opened={id !== null}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={t('detail.title', { id: id ?? '' })}
    >
      {submission.error ? (
        <LoadFailed
          text={t('detail.failed', { message: submission.error.message })}
          retry={() => void submission.refetch()}
          t={t}
        />
      ) : !data ? (
        <Loading text={t('detail.loading')} />
      ) : (
        <Stack>
          <Group gap="xs">
            <Badge variant="light" color={data.read_at ? 'gray' : 'blue'}>
              {data.read_at ? t('detail.read') : t('detail.unread')}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('detail.meta', {
                date: props.dates.format(new Date(data.created_at)),
                language: languageName(data.locale, language),
                version: data.form_version,
              })}
            </Text>
          </Group>
          <Stack gap="sm" component="dl" m={0}>
            {data.fields.map((field) => {
              const shown = shownValue(field, data.values[field.name]);
              const files = data.files.filter((file) => file.field === field.name);
              return (
                <div key={field.name}>
                  <Text component="dt" size="sm" fw={600}>
                    {field.label}
                  </Text>
                  <Text
                    component="dd"
                    size="sm"
                    m={0}
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {shown.kind === 'files' ? (
                      files.length === 0 ? (
                        <Text span c="dimmed" size="sm">
                          {t('detail.noFile')}
                        </Text>
                      ) : (
                        <List size="sm">
                          {files.map((file) => (
                            <List.Item key={file.id}>
                              <Anchor href={fileHref(file.id)} download={file.filename}>
                                {file.filename}
                              </Anchor>{' '}
                              <Text span c="dimmed" size="xs">
                                ({sizeText(file.size, language)})
                              </Text>
                            </List.Item>
                          ))}
                        </List>
                      )
                    ) : shown.kind === 'ticked' ? (
                      shown.ticked ? (
                        t('detail.ticked')
                      ) : (
                        t('detail.notTicked')
                      )
                    ) : shown.kind === 'empty' ? (
                      <Text span c="dimmed" size="sm">
                        {t('detail.empty')}
                      </Text>
                    ) : (
                      shown.text
                    )}
                  </Text>
                </div>
              );
            })}
          </Stack>
          {mark.error ? (
            <Text size="sm" c="red" role="alert">
              {mark.error.message}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="default"
              loading={mark.isPending}
              onClick={() => mark.mutate({ id: data.id, read: data.read_at === null })}
            >
              {data.read_at === null ? t('detail.markRead') : t('detail.markUnread')}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              {t('detail.delete')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDelete
        opened={deleting}
        title={t('detail.deleteTitle')}
        text={t('detail.deleteText')}
        confirm={t('detail.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => data && remove.mutate(data.id)}
        onClose={() => setDeleting(false)}
        t={t}
      />
    </Drawer>
  );
}
