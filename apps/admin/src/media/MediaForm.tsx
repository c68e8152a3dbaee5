import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { folderOptions } from './MediaFilters.js';
import { type FlatFolder, isRaster, kindOf, type Media, type MediaUpdate } from './model.js';

type Body = MediaUpdate;

interface Values {
  title: string;
  alt_text: string;
  caption: string;
  folder: string;
  photographer: string;
  license: string;
  source_url: string;
  profile_url: string;
}

/** Percent from the left and from the top, as the fields show it. */
export interface Focal {
  x: number;
  y: number;
}

export function focalOf(media: Media): Focal {
  return { x: Math.round(media.focal_point.x * 100), y: Math.round(media.focal_point.y * 100) };
}

function valuesOf(media: Media): Values {
  return {
    title: media.title,
    alt_text: media.alt_text,
    caption: media.caption,
    folder: media.folder_id === null ? 'none' : String(media.folder_id),
    photographer: media.credit?.photographer ?? '',
    license: media.credit?.license ?? '',
    source_url: media.credit?.source_url ?? '',
    profile_url: media.credit?.profile_url ?? '',
  };
}

/** Only what changed goes to PUT (the server wants at least one field, and redoes variants on a new focal point). */
function changesOf(media: Media, values: Values, focal: Focal): Body {
  const before = valuesOf(media);
  const body: Body = {};
  if (values.title !== before.title) body.title = values.title;
  if (values.alt_text !== before.alt_text) body.alt_text = values.alt_text;
  if (values.caption !== before.caption) body.caption = values.caption;
  if (values.folder !== before.folder)
    body.folder_id = values.folder === 'none' ? null : Number(values.folder);
  const credit = ['photographer', 'license', 'source_url', 'profile_url'] as const;
  if (credit.some((field) => values[field].trim() !== before[field]))
    body.credit = values.photographer.trim()
      ? {
          photographer: values.photographer.trim(),
          license: values.license.trim() || null,
          source_url: values.source_url.trim() || null,
          profile_url: values.profile_url.trim() || null,
          provider: media.credit?.provider ?? null,
        }
      : null;
  const was = focalOf(media);
  if (isRaster(media) && (focal.x !== was.x || focal.y !== was.y))
    body.focal_point = { x: focal.x / 100, y: focal.y / 100 };
  return body;
}

/**
 * The details the API lets one edit: title, alt text, caption, credit, folder, and for images the
 * focal point the thumbnail crop centres on (also set by clicking the preview, see MediaDetails).
 * Read-only for someone who may not edit the item.
 */
export function MediaForm(props: {
  media: Media;
  folders: readonly FlatFolder[];
  editable: boolean;
  focal: Focal;
  onFocal: (focal: Focal) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { media, editable } = props;
  const [values, setValues] = useState<Values>(() => valuesOf(media));
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const { focal } = props;
  const set = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setSaved(false);
  };
  const save = useMutation({
    mutationFn: (body: Body) =>
      data(api.PUT('/api/media/{id}', { params: { path: { id: media.id } }, body })),
    onSuccess: (next) => {
      client.setQueryData(['media', media.id], next);
      void client.invalidateQueries({ queryKey: ['media', 'list'] });
      void client.invalidateQueries({ queryKey: ['media', 'folders'] });
      setValues(valuesOf(next));
      setError(null);
      setSaved(true);
    },
    onError: (failure) => setError(toApiError(failure)),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = formProblems(event.currentTarget);
    if (local) {
      setError(local);
      setSaved(false);
      return;
    }
    const body = changesOf(media, values, focal);
    if (Object.keys(body).length === 0) {
      setSaved(true);
      return;
    }
    save.mutate(body);
  }

  const errors = fieldErrors(error);
  const image = kindOf(media) === 'image';
  const focusable = editable && isRaster(media);
  const text = (field: 'title' | 'alt_text' | 'caption') => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set({ [field]: event.currentTarget.value }),
    readOnly: !editable,
    error: errors[field],
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('media.details.formLabel')}>
      <Stack gap="sm">
        {image ? (
          <Textarea
            label={t('media.details.altText')}
            description={t('media.details.altTextHelp')}
            autosize
            minRows={2}
            maxLength={1000}
            {...text('alt_text')}
          />
        ) : null}
        <TextInput label={t('media.details.title')} maxLength={255} {...text('title')} />
        <Textarea
          label={t('media.details.caption')}
          autosize
          minRows={2}
          maxLength={2000}
          {...text('caption')}
        />
        <Select
          label={t('media.details.folder')}
          data={folderOptions(props.folders, false, t)}
          value={values.folder}
          onChange={(value) => set({ folder: value ?? 'none' })}
          allowDeselect={false}
          readOnly={!editable}
          error={errors.folder_id}
        />
        <Fieldset legend={t('media.details.credit')} variant="filled">
          <Stack gap="xs">
            <TextInput
              name="credit.photographer"
              label={t('media.details.photographer')}
              maxLength={200}
              value={values.photographer}
              onChange={(event) => set({ photographer: event.currentTarget.value })}
              readOnly={!editable}
              error={errors['credit.photographer']}
            />
            <TextInput
              name="credit.license"
              label={t('media.details.license')}
              maxLength={200}
              value={values.license}
              onChange={(event) => set({ license: event.currentTarget.value })}
              readOnly={!editable}
              error={errors['credit.license']}
            />
            <TextInput
              name="credit.source_url"
              label={t('media.details.sourceUrl')}
              type="url"
              placeholder="https://"
              pattern="https?://.*"
              maxLength={2000}
              value={values.source_url}
              onChange={(event) => set({ source_url: event.currentTarget.value })}
              readOnly={!editable}
              error={errors['credit.source_url']}
            />
            <TextInput
              name="credit.profile_url"
              label={t('media.details.profileUrl')}
              type="url"
              placeholder="https://"
              pattern="https?://.*"
              maxLength={2000}
              value={values.profile_url}
              onChange={(event) => set({ profile_url: event.currentTarget.value })}
              readOnly={!editable}
              error={errors['credit.profile_url']}
            />
            {errors.credit ? (
              <Text c="red.9" size="sm">
                {errors.credit}
              </Text>
            ) : null}
          </Stack>
        </Fieldset>
        {focusable ? (
          <Fieldset legend={t('media.details.focal')} variant="filled">
            <Text size="xs" c="dimmed" mb="xs">
              {t('media.details.focalHelp')}
            </Text>
            <Group grow>
              <NumberInput
                label={t('media.details.focalX')}
                min={0}
                max={100}
                suffix="%"
                clampBehavior="strict"
                allowDecimal={false}
                value={focal.x}
                onChange={(value) => {
                  setSaved(false);
                  props.onFocal({ x: Number(value) || 0, y: focal.y });
                }}
              />
              <NumberInput
                label={t('media.details.focalY')}
                min={0}
                max={100}
                suffix="%"
                clampBehavior="strict"
                allowDecimal={false}
                value={focal.y}
                onChange={(value) => {
                  setSaved(false);
                  props.onFocal({ x: focal.x, y: Number(value) || 0 });
                }}
              />
            </Group>
            {errors.focal_point ? (
              <Text c="red.9" size="sm">
                {errors.focal_point}
              </Text>
            ) : null}
          </Fieldset>
        ) : null}
        {error && Object.keys(error.errors).length === 0 ? (
          <Text c="red.9" size="sm" role="alert">
            {error.message}
          </Text>
        ) : null}
        {editable ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('media.save')}
            </Button>
            {saved ? (
              <Text size="sm" role="status">
                {t('media.details.saved')}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
