import { Badge } from '@mantine/core';
import type { CheckStatus } from '../score/index.js';

/** Each status's colour; a word always goes with it, never the colour alone. */
export const STATUS_COLOUR: Readonly<Record<CheckStatus, string>> = {
  good: 'green',
  improve: 'orange',
  problem: 'red',
};

/**
 * Text in a status's colour that reads at 4.5:1 in both schemes, on white and on the badges' pale
 * tint: on light, the darkest shade darkened further (green and orange 9 read at 4.3:1 on white
 * alone); on dark, a pale shade.
 */
export function toneOf(status: CheckStatus): string {
  const colour = STATUS_COLOUR[status];
  return `light-dark(color-mix(in srgb, var(--mantine-color-${colour}-9), black 25%), var(--mantine-color-${colour}-3))`;
}

/** A rating or a check's status: its colour and its word. */
export function StatusBadge(props: {
  status: CheckStatus;
  children: string;
  size?: 'sm' | 'md' | 'lg';
  width?: string;
}) {
  return (
    <Badge
      color={STATUS_COLOUR[props.status]}
      variant="light"
      size={props.size ?? 'sm'}
      w={props.width}
      data-status={props.status}
      style={{ flexShrink: 0, color: toneOf(props.status) }}
    >
      {props.children}
    </Badge>
  );
}
