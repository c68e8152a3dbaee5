import { ActionIcon, Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

/** A choice of a few values, its label shown above it and naming it. */
export function LabelledChoice<V extends string>(props: {
  label: string;
  value: V;
  data: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  help?: string;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={props.value}
        onChange={(value) => props.onChange(value as V)}
        data={[...props.data]}
        style={{ alignSelf: 'flex-start' }}
      />
      {props.help ? (
        <Text size="sm" c="dimmed">
          {props.help}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A small button drawn as a sign (↑ ↓ ×), named for assistive technology by `label`. */
export function GlyphButton(props: {
  glyph: '↑' | '↓' | '×';
  label: string;
  disabled?: boolean;
  onClick: () => void;
  control?: string;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={props.glyph === '×' ? 'red' : 'gray'}
      size="sm"
      data-control={props.control}
      disabled={props.disabled}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <span aria-hidden>{props.glyph}</span>
    </ActionIcon>
  );
}

/** A link in the admin drawn as a small button, named in full (`Edit “Contact”`) for assistive technology. */
export function LinkButton(props: { to: string; text: string; label: string }) {
  return (
    <Button component={Link} to={props.to} size="compact-sm" variant="default" aria-label={props.label}>
      {props.text}
    </Button>
  );
}

/** Styles of an input whose value is code (a name, a pattern): its text alone in monospace. */
export const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Styles of a fieldset that is a section of a screen: its legend reads as the section's heading. */
export const SECTION = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-lg)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
};
