import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DesignDraft, FONT_STACKS, headingSize, type Palette, SHADOW_CSS } from './design.js';

const asNumber = (value: number | string, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A sample of the site in the tokens being edited: headings, text, a link, a button and a card.
 * Colours left to the theme show in the admin's own (the theme's are not known here).
 */
export function DesignPreview({ draft, palette }: { draft: DesignDraft; palette: Palette }) {
  const { t } = useTranslation();
  const fontSize = asNumber(draft.font_size, 17);
  const scale = asNumber(draft.type_scale, 1.25);
  const space = `${asNumber(draft.spacing, 0.5)}rem`;
  const radius = `${asNumber(draft.radius, 6)}px`;
  const heading = { fontFamily: FONT_STACKS[draft.font_heading], margin: 0, lineHeight: 1.2 };
  return (
    <Box
      aria-label={t('appearance.design.preview')}
      role="group"
      style={{
        background: palette.background ?? undefined,
        color: palette.text ?? undefined,
        fontFamily: FONT_STACKS[draft.font_body],
        fontSize,
        lineHeight: 1.5,
        padding: `calc(${space} * 3)`,
        border: `1px solid ${palette.border ?? 'var(--mantine-color-default-border)'}`,
        borderRadius: radius,
        display: 'flex',
        flexDirection: 'column',
        gap: `calc(${space} * 2)`,
        overflowWrap: 'anywhere',
      }}
    >
      <div style={{ ...heading, fontSize: headingSize({ font_size: fontSize, type_scale: scale }, 2) }}>
        {t('appearance.design.sampleHeading')}
      </div>
      <div style={{ ...heading, fontSize: headingSize({ font_size: fontSize, type_scale: scale }, 4) }}>
        {t('appearance.design.sampleSubheading')}
      </div>
      <p style={{ margin: 0 }}>
        {t('appearance.design.sampleText')}{' '}
        <span style={{ color: palette.primary ?? undefined, textDecoration: 'underline' }}>
          {t('appearance.design.sampleLink')}
        </span>
      </p>
      <p style={{ margin: 0, color: palette.muted ?? undefined, fontSize: '0.875em' }}>
        {t('appearance.design.sampleMuted')}
      </p>
      <div
        style={{
          background: palette.surface ?? undefined,
          border: `1px solid ${palette.border ?? 'var(--mantine-color-default-border)'}`,
          borderRadius: radius,
          boxShadow: SHADOW_CSS[draft.shadow],
          padding: `calc(${space} * 2)`,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: `calc(${space} * 2)`,
        }}
      >
        <span
          style={{
            background: palette.primary ?? 'var(--mantine-primary-color-filled)',
            color: palette.background ?? 'var(--mantine-color-white)',
            borderRadius: radius,
            padding: `${space} calc(${space} * 2)`,
            fontWeight: 600,
          }}
        >
          {t('appearance.design.sampleButton')}
        </span>
        <Text span inherit>
          {t('appearance.design.sampleCard')}
        </Text>
      </div>
    </Box>
  );
}
