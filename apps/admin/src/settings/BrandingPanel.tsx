import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { FormOutcome } from '../shell/FormOutcome.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { useSite } from '../site.js';
import { type Branding, BrandingFields, brandingChanges, emptyBranding } from './BrandingFields.js';

/**
 * White-label (spec 1): the name, logo, favicon and colours the admin, its sign-in page and the
 * system mails show instead of the vendor's. Saved, the admin takes them at once.
 */
export function BrandingPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const site = useSite().data;
  const saved: Branding = { ...emptyBranding, ...(site?.branding ?? {}) };
  const [draft, setDraft] = useState<Branding>(saved);
  const [local, setLocal] = useState<ApiError | null>(null);
  const changes = brandingChanges(saved, draft);
  const dirty = Object.keys(changes).length > 0;
  const save = useMutation({
    mutationFn: () => data(api.PUT('/api/site/branding', { body: changes })),
    onSuccess: (next) => {
      client.setQueryData(['site'], next);
      setDraft({ ...emptyBranding, ...next.branding });
    },
  });
  const error = local ?? (save.error as ApiError | null);
  const errors = fieldErrors(error);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = formProblems(event.currentTarget);
        setLocal(problems);
        if (!problems) save.mutate();
      }}
    >
      <LeaveGuard dirty={dirty && !save.isPending} />
      <Stack maw={560}>
        <Text c="dimmed">{t('settings.branding.about')}</Text>
        <FormOutcome saved={save.isSuccess && !dirty ? t('settings.branding.saved') : null} error={error} />
        <BrandingFields
          draft={draft}
          errors={errors}
          library
          onChange={(key, value) => setDraft((current) => ({ ...current, [key]: value }))}
        />
        <Group>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t('settings.branding.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
