import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MediaKind, MediaPicker } from '../media/MediaPicker.js';
import { MediaThumb } from '../media/MediaThumb.js';

/** The media a block type shows, for the picker's filter; any kind for a type not known here. */
export function mediaKindsFor(type: string): readonly MediaKind[] | undefined {
  return ({ image: ['image'], gallery: ['image'], video: ['video'], audio: ['audio'] } as const)[
    type as 'image'
  ];
}

/**
 * A prop holding media library items: one id (or none, when the prop takes null), or a list of
 * ids; the chosen items as thumbnails, and the library's picker to choose or upload.
 */
export function MediaPropField(props: {
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required: boolean;
  ids: number[];
  many: boolean;
  /** Whether the last item may be removed (a prop that takes null, or a list). */
  removable: boolean;
  kinds?: readonly MediaKind[] | undefined;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const labelId = useId();
  const { ids, many, onChange } = props;
  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={props.description}
      error={props.error}
      required={props.required}
    >
      <Stack gap="xs" mt={4} role="group" aria-labelledby={labelId}>
        {ids.length > 0 ? (
          <Group gap="xs">
            {ids.map((id) => (
              <MediaThumb
                key={id}
                id={id}
                {...(props.removable || ids.length > 1
                  ? { onRemove: () => onChange(ids.filter((other) => other !== id)) }
                  : {})}
              />
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('builder.form.noMedia')}
          </Text>
        )}
        <Group>
          <Button variant="default" size="xs" aria-describedby={labelId} onClick={() => setPicking(true)}>
            {ids.length > 0 && !many ? t('builder.form.replaceMedia') : t('builder.form.chooseMedia')}
          </Button>
        </Group>
      </Stack>
      <MediaPicker
        opened={picking}
        onClose={() => setPicking(false)}
        multiple={many}
        title={props.label}
        {...(props.kinds ? { kinds: props.kinds } : {})}
        onPick={(picked) => {
          setPicking(false);
          onChange(many ? [...ids, ...picked.filter((id) => !ids.includes(id))] : picked.slice(0, 1));
        }}
      />
    </Input.Wrapper>
  );
}
