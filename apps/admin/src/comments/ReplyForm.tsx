import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { formProblems } from '../forms.js';

/**
 * A moderator's reply under a comment (WordPress's "Approve and Reply"): published at once in the
 * moderator's name; a held comment is approved with it.
 */
export function ReplyForm(props: {
  commentId: number;
  author: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [local, setLocal] = useState<ApiError | null>(null);
  const send = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/comments/{id}/reply', {
          params: { path: { id: props.commentId } },
          body: { body: text.trim() },
        }),
      ),
    onSuccess: props.onDone,
  });
  const error = local ?? (send.error as ApiError | null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = formProblems(event.currentTarget);
        setLocal(problems);
        if (!problems && text.trim()) send.mutate();
      }}
    >
      <Stack gap="xs">
        <Textarea
          name="body"
          label={t('comments.replyTo', { author: props.author })}
          autosize
          minRows={2}
          maxLength={5000}
          required
          autoFocus
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error?.errors?.body?.[0] ?? error?.message}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={send.isPending} disabled={!text.trim()}>
            {t('comments.sendReply')}
          </Button>
          <Button size="xs" variant="default" onClick={props.onCancel}>
            {t('comments.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
