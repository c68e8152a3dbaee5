import { Badge } from '@mantine/core';
import type { CheckStatus } from '../score/index.js';

/** Each status's colour; a word always goes with it, never the colour alone. */
export const STATUS_COLOUR: Readonly<Record<CheckStatus, string>> = {
  good: 'green',
  improve: 'orange',
  problem: 'red',
};

/**
 * Text in a status's colour that reads at 4.5:1 in both schemes: the darkest shade on light, a pale
 * one on dark (Mantine's shade 6, its default text colour, reads at about 3:1 on white).
 */
export function toneOf(status: CheckStatus): string {
  const colour = STATUS_COLOUR[status];
  return `light-dark(var(--mantine-color-${colour}-9), var(--mantine-color-${colour}-3))`;
}

/** A rating or a check's status: its colour and its word. */
export function StatusBadge(props: { status: CheckStatus; children: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={STATUS_COLOUR[props.status]}
      variant="light"
      size={props.size ?? 'sm'}
      data-status={props.status}
      style={{ flexShrink: 0 }}
    >
      {props.children}
    </Badge>
  );
}
