import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, data, done } from '../../api.js';
import { useMayOn, useSession } from '../../session.js';
import { useDateFormat } from '../../site.js';

export const previewLinksKey = (type: string, id: number) => ['preview-links', type, id] as const;

/**
 * The entry's preview links that still open (GET /api/preview-links), each revocable at once by its
 * maker or whoever may edit others' entries of the type: a link shared too widely can be ended.
 */
export function PreviewLinksPanel(props: { type: string; area: string; entryId: number }) {
  const { t } = useTranslation();
  const when = useDateFormat();
  const me = useSession();
  const mayOn = useMayOn();
  const client = useQueryClient();
  const key = previewLinksKey(props.type, props.entryId);
  const links = useQuery({
    queryKey: key,
    queryFn: () =>
      data(api.GET('/api/preview-links', { params: { query: { type: props.type, id: props.entryId } } })),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => done(api.DELETE('/api/preview-links/{id}', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  if (links.isPending) return <Text size="sm">{t('app.loading')}</Text>;
  if (links.isError) return <Text size="sm">{t('editor.previewLinks.failed')}</Text>;
  if (links.data.length === 0) return <Text size="sm">{t('editor.previewLinks.none')}</Text>;
  return (
    <Stack gap="xs">
      {links.data.map((link) => (
        <Group key={link.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0}>
            <Anchor href={link.url} target="_blank" size="sm">
              {t('editor.previewLinks.until', { date: when.format(new Date(link.expires_at)) })}
            </Anchor>
            <Text size="xs" c="dimmed">
              {link.created_by === me.id ? t('editor.previewLinks.yours') : t('editor.previewLinks.others')}
            </Text>
          </Stack>
          {link.created_by === me.id || mayOn(`${props.area}.edit`, link.created_by) ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              loading={revoke.isPending && revoke.variables === link.id}
              onClick={() => revoke.mutate(link.id)}
              aria-label={t('editor.previewLinks.revokeOne', {
                date: when.format(new Date(link.expires_at)),
              })}
            >
              {t('editor.previewLinks.revoke')}
            </Button>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
