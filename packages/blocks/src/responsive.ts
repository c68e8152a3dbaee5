import { type TSchema, Type } from '@sinclair/typebox';

/** The builder's breakpoints, widest first; narrower ones fall back to the next wider value. */
export const BREAKPOINTS = ['desktop', 'tablet', 'mobile'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/**
 * A value that may differ per breakpoint: `desktop` is required, `tablet` and `mobile` inherit
 * from the wider one when left out. Every block with layout props uses this shape. Without a
 * default, the value is absent until set (an optional override such as a font size).
 */
export function Responsive<T extends TSchema>(value: T, desktopDefault?: unknown) {
  return Type.Object(
    { desktop: value, tablet: Type.Optional(value), mobile: Type.Optional(value) },
    desktopDefault === undefined
      ? { additionalProperties: false }
      : { additionalProperties: false, default: { desktop: desktopDefault } },
  );
}

/** The value at each breakpoint, narrower ones inheriting. */
export function perBreakpoint<T>(value: { desktop: T; tablet?: T; mobile?: T }): Record<Breakpoint, T> {
  const tablet = value.tablet ?? value.desktop;
  return { desktop: value.desktop, tablet, mobile: value.mobile ?? tablet };
}

/** Design token references (`token:primary`) or plain CSS colours (#rrggbb, rgb(), transparent). */
export const ColorValue = Type.String({
  maxLength: 64,
  pattern: '^(token:[a-z0-9-]+|#[0-9a-fA-F]{3,8}|rgba?\\([0-9., %]+\\)|transparent)$',
  description: 'A design token (`token:primary`) or a CSS colour',
});

/** A CSS custom property reference for a colour value. */
export function cssColor(value: string): string {
  return value.startsWith('token:') ? `var(--tb-color-${value.slice(6)})` : value;
}

/** Spacing on the design scale: 0 to 10 steps of the theme's spacing unit. */
export const SpacingStep = Type.Integer({ minimum: 0, maximum: 10 });

/** A length of `steps` on the theme's spacing scale. */
export function space(steps: number): string {
  return steps === 0 ? '0' : `calc(${steps} * var(--tb-space))`;
}
