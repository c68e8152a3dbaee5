import {
  colorsTuple,
  createTheme,
  type DefaultMantineColor,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import { BRAND_SHADE, brandShades, CONTRAST_LUMINANCE } from './brand-colors.js';

/**
 * Colours other than the primary at Mantine's default shade 6 fail WCAG AA as text or behind white
 * text (red 6: 3.3:1). Filled buttons and badges take shade 8 (9 on hover) instead, light ones
 * their darkest text in the light scheme and a pale one in the dark; an explicit shade (`teal.9`)
 * and the primary colour are kept as asked.
 */
const readableColors: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  if (!input.color || input.color === input.theme.primaryColor) return defaults;
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return defaults;
  const color = parsed.color as DefaultMantineColor;
  if (input.variant === 'filled')
    return {
      ...defaults,
      background: `var(--mantine-color-${color}-8)`,
      hover: `var(--mantine-color-${color}-9)`,
      color: 'var(--mantine-color-white)',
    };
  if (input.variant === 'light' || input.variant === 'subtle' || input.variant === 'outline')
    return {
      ...defaults,
      color: `light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-3))`,
      ...(input.variant === 'outline'
        ? { border: `1px solid light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-3))` }
        : {}),
    };
  return defaults;
};

/**
 * The admin's look: the site's colour when its branding sets one (white-label), in ten shades
 * derived from it so pale backgrounds stay pale, and text on it black or white, whichever
 * contrasts more (WCAG AA); else Mantine's blue at shade 8, whose white text reads at 4.9:1. `close`
 * names the dialogs' close buttons (icons) in the interface's language.
 */
export function adminTheme(primary: string | null, close: string): MantineThemeOverride {
  const closeButton = { closeButtonProps: { 'aria-label': close } };
  const shared = {
    defaultRadius: 'md',
    variantColorResolver: readableColors,
    // Dialogs and menus appear without sliding for those who asked their system for less motion.
    respectReducedMotion: true,
    // Plain objects, not Modal.extend(): the components stay in the chunks of the screens using them.
    components: {
      Modal: { defaultProps: closeButton },
      Drawer: { defaultProps: closeButton },
    },
  } as const;
  return primary
    ? createTheme({
        ...shared,
        colors: { brand: colorsTuple(brandShades(primary)) },
        primaryColor: 'brand',
        primaryShade: { light: BRAND_SHADE, dark: BRAND_SHADE },
        autoContrast: true,
        luminanceThreshold: CONTRAST_LUMINANCE,
      })
    : createTheme({ ...shared, primaryColor: 'blue', primaryShade: { light: 8, dark: 7 } });
}
