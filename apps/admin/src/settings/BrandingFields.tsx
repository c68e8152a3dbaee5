import { Button, ColorInput, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../api.js';
import { MediaPicker } from '../media/MediaPicker.js';

/** A site's white-label branding (spec 1) as the API gives it: null is the default look. */
export type Branding = {
  name: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  accent_color: string | null;
};
const KEYS = ['name', 'logo_url', 'favicon_url', 'primary_color', 'secondary_color', 'accent_color'] as const;

export const emptyBranding: Branding = {
  name: null,
  logo_url: null,
  favicon_url: null,
  primary_color: null,
  secondary_color: null,
  accent_color: null,
};

/** The fields of `draft` that differ from `saved`: what a save sends (the server merges them). */
export function brandingChanges(saved: Branding, draft: Branding): Partial<Branding> {
  return Object.fromEntries(KEYS.filter((key) => draft[key] !== saved[key]).map((key) => [key, draft[key]]));
}

// The server's formats (sites/site-rules.ts checkBranding), as patterns: the browser matches the whole
// value, the server trims it first.
const URL_PATTERN = String.raw`\s*(?:/(?!/)\S*|[Hh][Tt][Tt][Pp][Ss]?://\S+)\s*`;
const COLOR_PATTERN = String.raw`\s*#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*`;

/**
 * The inputs of a site's branding, named as the API names them (`branding.logo_url`) so its 422
 * lands beside them, for the site's own settings and for the Sites screen. `library` offers images
 * of this site's media library for the logo and favicon: their addresses are this site's, so a form
 * for another site leaves it off.
 */
export function BrandingFields(props: {
  draft: Branding;
  /** One field changed: null when emptied (the default look again). */
  onChange: (key: keyof Branding, value: string | null) => void;
  errors: Record<string, string>;
  library: boolean;
}) {
  const { t } = useTranslation();
  const { draft, errors } = props;
  const [picking, setPicking] = useState<'logo_url' | 'favicon_url' | null>(null);
  const set = (key: keyof Branding, value: string) => props.onChange(key, value.trim() === '' ? null : value);
  return (
    <>
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
          {props.library ? (
            <Button variant="default" onClick={() => setPicking(key)}>
              {t('settings.branding.fromLibrary')}
            </Button>
          ) : null}
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
      {props.library ? (
        <MediaPicker
          opened={picking !== null}
          onClose={() => setPicking(null)}
          kinds={['image']}
          title={picking ? t(`settings.branding.${picking}`) : ''}
          onPick={async ([id]) => {
            const key = picking;
            setPicking(null);
            if (!key || id === undefined) return;
            const item = await data(api.GET('/api/media/{id}', { params: { path: { id } } })).catch(
              () => null,
            );
            if (item) set(key, item.url);
          }}
        />
      ) : null}
    </>
  );
}
