import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_BLOCK_TYPES } from '@tessera/blocks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { api, data, toApiError } from '../api.js';
import { OutlineEditor } from '../builder/OutlineEditor.js';
import { MailPreview } from '../email-templates/MailPreview.js';
import { fieldErrors } from '../forms.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { Pending } from '../shell/Shell.js';
import { useDocumentTitle, useSite } from '../site.js';
import { campaignPath } from './CampaignList.js';
import { type CampaignDraft, draftOf, EMPTY_DRAFT, sameDraft } from './campaign-draft.js';
import { LISTS_QUERY, NEWSLETTER } from './queries.js';
import { SendPanel } from './SendPanel.js';

/** A campaign as the API answers it. */
type Campaign = CampaignDraft & { id: number; status: string; scheduled_at: string | null };

/**
 * A campaign written: subject, preview text, sender name, audience (lists, language), and its body in
 * the outline editor with the email-safe blocks alone; saved as a draft, previewed as a recipient
 * gets it (desktop and phone widths), tested and sent. Once it goes out, its report opens instead.
 */
export function CampaignEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const found = useQuery({
    queryKey: [...NEWSLETTER, 'campaign', id],
    queryFn: () =>
      data(
        api.GET('/api/newsletter/campaigns/{id}', { params: { path: { id: id ?? 0 } } }),
      ) as Promise<Campaign>,
    enabled: id !== null,
    retry: false,
  });
  useDocumentTitle(found.data?.subject || t('newsletter.campaigns.add'));
  if (id === null) return <CampaignForm campaign={null} />;
  if (!found.data) return <Pending error={found.error} retry={() => void found.refetch()} />;
  if (!['draft', 'scheduled'].includes(found.data.status))
    return <Navigate to={campaignPath(found.data)} replace />;
  return <CampaignForm campaign={found.data} />;
}

function CampaignForm({ campaign }: { campaign: Campaign | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const locales = useSite().data?.locales ?? [];
  const lists = useQuery(LISTS_QUERY);
  const saved = campaign ? draftOf(campaign) : EMPTY_DRAFT;
  const [draft, setDraft] = useState<CampaignDraft>(saved);
  const dirty = !sameDraft(draft, saved);
  const change = (patch: Partial<CampaignDraft>) => setDraft((before) => ({ ...before, ...patch }));
  const save = useMutation({
    mutationFn: (body: CampaignDraft) =>
      campaign
        ? (data(
            api.PATCH('/api/newsletter/campaigns/{id}', { params: { path: { id: campaign.id } }, body }),
          ) as Promise<Campaign>)
        : (data(api.POST('/api/newsletter/campaigns', { body })) as Promise<Campaign>),
    onSuccess: (stored) => {
      client.setQueryData([...NEWSLETTER, 'campaign', stored.id], stored);
      void client.invalidateQueries({ queryKey: [...NEWSLETTER, 'campaigns'] });
      void client.invalidateQueries({ queryKey: [...NEWSLETTER, 'preview', stored.id] });
      if (!campaign) navigate(`/newsletter/campaigns/${stored.id}`, { replace: true });
    },
  });
  const preview = useQuery({
    queryKey: [...NEWSLETTER, 'preview', campaign?.id],
    queryFn: () =>
      data(
        api.POST('/api/newsletter/campaigns/{id}/preview', { params: { path: { id: campaign?.id ?? 0 } } }),
      ),
    enabled: campaign !== null,
  });
  const errors = fieldErrors(save.error ? toApiError(save.error) : null);
  const blockErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith('blocks'))
      .map(([field, message]) => [field.replace(/^blocks\.?/, ''), message]),
  );
  return (
    <Stack>
      <LeaveGuard dirty={dirty && !save.isPending} />
      <Anchor component={Link} to="/newsletter" size="sm">
        {t('newsletter.campaigns.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {campaign ? campaign.subject || t('newsletter.campaigns.untitled') : t('newsletter.campaigns.add')}
        </Title>
        <Group>
          <Text size="sm" c="dimmed" role="status">
            {save.isPending
              ? t('newsletter.saving')
              : dirty
                ? t('newsletter.unsaved')
                : campaign
                  ? t('newsletter.savedState')
                  : ''}
          </Text>
          <Button
            onClick={() => save.mutate(draft)}
            loading={save.isPending}
            disabled={campaign !== null && !dirty}
          >
            {t('newsletter.campaigns.saveDraft')}
          </Button>
        </Group>
      </Group>
      {save.error && Object.keys(errors).length === 0 ? (
        <Alert color="red" role="alert">
          {toApiError(save.error).message}
        </Alert>
      ) : save.error ? (
        <Alert color="red" role="alert">
          {t('newsletter.campaigns.notSaved')}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack>
            <Card withBorder radius="md">
              <Stack gap="sm">
                <TextInput
                  label={t('newsletter.campaigns.subject')}
                  required
                  maxLength={300}
                  value={draft.subject}
                  onChange={(event) => change({ subject: event.currentTarget.value })}
                  error={errors.subject}
                />
                <TextInput
                  label={t('newsletter.campaigns.preheader')}
                  description={t('newsletter.campaigns.preheaderHelp')}
                  maxLength={300}
                  value={draft.preheader}
                  onChange={(event) => change({ preheader: event.currentTarget.value })}
                  error={errors.preheader}
                />
                <TextInput
                  label={t('newsletter.campaigns.fromName')}
                  description={t('newsletter.campaigns.fromNameHelp')}
                  maxLength={100}
                  value={draft.from_name}
                  onChange={(event) => change({ from_name: event.currentTarget.value })}
                  error={errors.from_name}
                />
                <MultiSelect
                  searchable
                  label={t('newsletter.campaigns.lists')}
                  description={t('newsletter.campaigns.listsHelp')}
                  value={draft.audience.lists.map(String)}
                  onChange={(value) => change({ audience: { ...draft.audience, lists: value.map(Number) } })}
                  data={(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name }))}
                  error={errors['audience.lists']}
                />
                <Select
                  label={t('newsletter.campaigns.language')}
                  placeholder={t('newsletter.campaigns.anyLanguage')}
                  clearable
                  value={draft.audience.language}
                  onChange={(value) => change({ audience: { ...draft.audience, language: value } })}
                  data={locales}
                  error={errors['audience.language']}
                />
              </Stack>
            </Card>
            <Card withBorder radius="md" component="section" aria-labelledby="campaign-body">
              <Stack gap="sm">
                <Title id="campaign-body" order={2} size="h4">
                  {t('newsletter.campaigns.body')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('newsletter.campaigns.bodyHelp')}
                </Text>
                {errors.blocks ? (
                  <Text size="sm" c="red" role="alert">
                    {errors.blocks}
                  </Text>
                ) : null}
                <OutlineEditor
                  value={draft.blocks}
                  onChange={(blocks) => change({ blocks })}
                  only={EMAIL_BLOCK_TYPES}
                  errors={blockErrors}
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            {campaign ? (
              <SendPanel
                id={campaign.id}
                status={campaign.status}
                scheduledAt={campaign.scheduled_at}
                dirty={dirty}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('newsletter.campaigns.saveToPreview')}
              </Text>
            )}
            {campaign && dirty ? (
              <Text size="sm" c="dimmed">
                {t('newsletter.campaigns.previewSaved')}
              </Text>
            ) : null}
            {campaign ? (
              <MailPreview
                mail={preview.data ?? null}
                updating={preview.isFetching}
                stale={false}
                failure={preview.error ? toApiError(preview.error).message : null}
              />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
