import { Alert, Button, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { MediaPicker } from '../media/MediaPicker.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';
import { useSite } from '../site.js';

type Branding = {
  name: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  accent_color: string | null;
};
const KEYS = ['name', 'logo_url', 'favicon_url', 'primary_color', 'secondary_color', 'accent_color'] as const;

// The server's formats (sites/site-rules.ts checkBranding), as patterns: the browser matches the whole
// value, the server trims it first.
const URL_PATTERN = String.raw`\s*(?:/(?!/)\S*|[Hh][Tt][Tt][Pp][Ss]?://\S+)\s*`;
const COLOR_PATTERN = String.raw`\s*#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*`;

/**
 * White-label (spec 1): the name, logo, favicon and colours the admin, its sign-in page and the
 * system mails show instead of Tessera's. Saved, the admin takes them at once.
 */
export function BrandingPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const site = useSite().data;
  const saved: Branding = { ...emptyBranding, ...(site?.branding ?? {}) };
  const [draft, setDraft] = useState<Branding>(saved);
  const [picking, setPicking] = useState<'logo_url' | 'favicon_url' | null>(null);
  const [local, setLocal] = useState<ApiError | null>(null);
  const changes = Object.fromEntries(
    KEYS.filter((key) => draft[key] !== saved[key]).map((key) => [key, draft[key]]),
  );
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
  const set = (key: keyof Branding, value: string) =>
    setDraft((current) => ({ ...current, [key]: value.trim() === '' ? null : value }));

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
        {save.isSuccess && !dirty ? (
          <Alert color="green" role="status">
            {t('settings.branding.saved')}
          </Alert>
        ) : null}
        {error && Object.keys(errors).length === 0 ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          name="branding.name"
          label={t('settings.branding.name')}
          description={t('settings.branding.nameHelp')}
          value={draft.name ?? ''}
          maxLength={200}
          error={errors['branding.name']}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        {(['logo_url', 'favicon_url'] as const).map((key) => (
          <Group key={key} align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              name={`branding.${key}`}
              label={t(`settings.branding.${key}`)}
              placeholder="https://"
              maxLength={2048}
              pattern={URL_PATTERN}
              value={draft[key] ?? ''}
              error={errors[`branding.${key}`]}
              onChange={(e) => set(key, e.currentTarget.value)}
            />
            <Button variant="default" onClick={() => setPicking(key)}>
              {t('settings.branding.fromLibrary')}
            </Button>
          </Group>
        ))}
        {(['primary_color', 'secondary_color', 'accent_color'] as const).map((key) => (
          <ColorInput
            key={key}
            name={`branding.${key}`}
            label={t(`settings.branding.${key}`)}
            format="hex"
            pattern={COLOR_PATTERN}
            fixOnBlur={false}
            eyeDropperButtonProps={{
              'aria-label': t('editor.pickColour', { label: t(`settings.branding.${key}`) }),
            }}
            value={draft[key] ?? ''}
            error={errors[`branding.${key}`]}
            onChange={(value) => set(key, value)}
          />
        ))}
        <Group>
          <Button type="submit" disabled={!dirty} loading={save.isPending}>
            {t('settings.branding.save')}
          </Button>
        </Group>
      </Stack>
      <MediaPicker
        opened={picking !== null}
        onClose={() => setPicking(null)}
        kinds={['image']}
        title={picking ? t(`settings.branding.${picking}`) : ''}
        onPick={async ([id]) => {
          const key = picking;
          setPicking(null);
          if (!key || id === undefined) return;
          const item = await data(api.GET('/api/media/{id}', { params: { path: { id } } })).catch(() => null);
          if (item) set(key, item.url);
        }}
      />
    </form>
  );
}

const emptyBranding: Branding = {
  name: null,
  logo_url: null,
  favicon_url: null,
  primary_color: null,
  secondary_color: null,
  accent_color: null,
};
