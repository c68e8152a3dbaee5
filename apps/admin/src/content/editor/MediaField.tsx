import { Button, Group, Input, Stack, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MediaKind, MediaPicker } from '../../media/MediaPicker.js';
import { MediaThumb } from '../../media/MediaThumb.js';

/** A file or image field, or the featured image: the chosen items and a way into the library. */
export function MediaField(props: {
  label: string;
  description?: ReactNode;
  required: boolean;
  error?: string;
  ids: number[];
  multiple: boolean;
  kinds?: readonly MediaKind[] | undefined;
  onChange: (ids: number[]) => void;
  /** Inside a panel titled with the same words: the label is for assistive technology only. */
  labelHidden?: boolean;
  /** Shown, not changed (a reader without the right to edit). */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const { ids, multiple, onChange } = props;
  return (
    <Input.Wrapper
      label={props.labelHidden ? <VisuallyHidden>{props.label}</VisuallyHidden> : props.label}
      description={props.description}
      required={props.required}
      error={props.error}
    >
      <Stack gap="xs" mt={4}>
        {ids.length > 0 ? (
          <Group gap="xs">
            {ids.map((id) => (
              <MediaThumb
                key={id}
                id={id}
                {...(props.disabled ? {} : { onRemove: () => onChange(ids.filter((other) => other !== id)) })}
              />
            ))}
          </Group>
        ) : null}
        <Group>
          <Button variant="default" size="xs" onClick={() => setPicking(true)} disabled={props.disabled}>
            {ids.length > 0 && !multiple
              ? t('editor.replaceMedia', { label: props.label })
              : t('editor.chooseMedia', { label: props.label })}
          </Button>
        </Group>
      </Stack>
      <MediaPicker
        opened={picking}
        onClose={() => setPicking(false)}
        multiple={multiple}
        title={props.label}
        {...(props.kinds ? { kinds: props.kinds } : {})}
        onPick={(picked) => {
          setPicking(false);
          onChange(multiple ? [...ids, ...picked.filter((id) => !ids.includes(id))] : picked.slice(0, 1));
        }}
      />
    </Input.Wrapper>
  );
}
