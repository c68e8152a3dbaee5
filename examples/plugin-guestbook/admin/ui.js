// @ts-check
/**
 * Mantine's polymorphic components (their props change with `component`) leave `createElement`'s
 * types no overload to pick in plain JavaScript: here they are typed as the plain components this
 * folder uses them as. At run time they are Mantine's own.
 */
import { Anchor as MantineAnchor, Button as MantineButton, Text as MantineText } from '@mantine/core';

/**
 * @typedef {import('react').ReactNode} ReactNode
 * @typedef {{ children?: ReactNode; role?: string; 'aria-label'?: string }} Common
 */

/** @type {import('react').FC<import('@mantine/core').TextProps & Common>} */
export const Text = /** @type {never} */ (MantineText);

/** @type {import('react').FC<import('@mantine/core').ButtonProps & Common & { onClick?: () => void }>} */
export const Button = /** @type {never} */ (MantineButton);

/** @type {import('react').FC<import('@mantine/core').AnchorProps & Common & { component?: import('react').ElementType; to?: string }>} */
export const Anchor = /** @type {never} */ (MantineAnchor);
