import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, data, page, toApiError } from '../api.js';
import { ListPagination, useSelection } from '../shell/lists.js';
import { Pending } from '../shell/Shell.js';
import { useDateFormat, useDocumentTitle } from '../site.js';
import { ReplyForm } from './ReplyForm.js';

const STATUSES = ['pending', 'approved', 'spam', 'trash'] as const;
type Status = (typeof STATUSES)[number];
type Action = 'approve' | 'hold' | 'spam' | 'trash' | 'delete';

/** What can be done to a comment in each list: the moves out of it. */
const ACTIONS: Record<Status, Action[]> = {
  pending: ['approve', 'spam', 'trash'],
  approved: ['hold', 'spam', 'trash'],
  spam: ['approve', 'trash'],
  trash: ['approve', 'delete'],
};

/** The moderation queue (spec 1): comments by status, approved, held, marked spam or trashed, one or many at once. */
export function CommentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('comments.title'));
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [current, setCurrent] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [replying, setReplying] = useState<number | null>(null);
  const when = useDateFormat();
  const list = useQuery({
    queryKey: ['comments', status, current],
    queryFn: () =>
      page(api.GET('/api/comments', { params: { query: { status, page: current, limit: 20 } } })),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ action, ids }: { action: Action; ids: number[] }) =>
      data(api.POST('/api/comments/bulk', { body: { action, ids } })),
    onSuccess: () => {
      selection.clear();
      setFailure(null);
      void client.invalidateQueries({ queryKey: ['comments'] });
      void client.invalidateQueries({ queryKey: ['dashboard', 'comments'] });
    },
    onError: (error) => setFailure(toApiError(error).message),
  });
  const items = list.data?.items ?? [];
  const selection = useSelection(items);
  // A comment given without a name, while the site asks for none (require_name_email off).
  const authorOf = (comment: { author_name: string }) => comment.author_name || t('comments.anonymous');

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('comments.title')}
      </Title>
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as Status);
          setCurrent(1);
          selection.clear();
        }}
        data={STATUSES.map((value) => ({ value, label: t(`comments.status.${value}`) }))}
        aria-label={t('comments.filter')}
        w="fit-content"
      />
      {failure ? (
        <Text c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      {list.error || (list.isPending && !list.data) ? (
        <Pending error={list.error} retry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t(`comments.empty.${status}`)}</Text>
      ) : (
        <>
          <Group>
            <Checkbox
              checked={selection.all}
              indeterminate={selection.some}
              onChange={selection.toggleAll}
              label={t('comments.selectAll')}
            />
            {selection.selected.length > 0
              ? ACTIONS[status].map((action) => (
                  <Button
                    key={action}
                    size="xs"
                    variant="light"
                    color={action === 'delete' || action === 'spam' ? 'red' : undefined}
                    loading={act.isPending}
                    onClick={() => act.mutate({ action, ids: selection.selected })}
                  >
                    {t(`comments.bulk.${action}`, { count: selection.selected.length })}
                  </Button>
                ))
              : null}
          </Group>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((comment) => (
              <Paper component="li" key={comment.id} withBorder p="md" radius="md">
                <Group align="flex-start" wrap="nowrap">
                  <Checkbox
                    checked={selection.has(comment.id)}
                    onChange={() => selection.toggle(comment.id)}
                    aria-label={t('comments.select', { author: authorOf(comment) })}
                  />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{authorOf(comment)}</Text>
                      <Text size="sm" c="dimmed">
                        {comment.author_email}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {when.format(new Date(comment.created_at))}
                      </Text>
                    </Group>
                    {comment.entry ? (
                      <Text size="sm">
                        {t('comments.on')}{' '}
                        <Anchor component={Link} to={`/content/${comment.entry.type}/${comment.entry.id}`}>
                          {comment.entry.title || t('dashboard.untitled')}
                        </Anchor>
                      </Text>
                    ) : null}
                    <Typography>
                      <div
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escaped the text and kept only safe links
                        dangerouslySetInnerHTML={{ __html: comment.content_html }}
                      />
                    </Typography>
                    <Group gap="xs">
                      {ACTIONS[status].map((action) => (
                        <Button
                          key={action}
                          size="compact-sm"
                          variant="subtle"
                          color={action === 'delete' || action === 'spam' ? 'red' : undefined}
                          disabled={act.isPending}
                          onClick={() => act.mutate({ action, ids: [comment.id] })}
                          aria-label={`${t(`comments.action.${action}`)}: ${authorOf(comment)}`}
                        >
                          {t(`comments.action.${action}`)}
                        </Button>
                      ))}
                      {status === 'pending' || status === 'approved' ? (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setReplying(comment.id)}
                          aria-label={`${t('comments.reply')}: ${authorOf(comment)}`}
                          aria-expanded={replying === comment.id}
                        >
                          {t('comments.reply')}
                        </Button>
                      ) : null}
                    </Group>
                    {replying === comment.id ? (
                      <ReplyForm
                        commentId={comment.id}
                        author={authorOf(comment)}
                        onCancel={() => setReplying(null)}
                        onDone={() => {
                          setReplying(null);
                          void client.invalidateQueries({ queryKey: ['comments'] });
                          void client.invalidateQueries({ queryKey: ['dashboard'] });
                        }}
                      />
                    ) : null}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
          <ListPagination lastPage={list.data?.meta.last_page} value={current} onChange={setCurrent} />
        </>
      )}
    </Stack>
  );
}
