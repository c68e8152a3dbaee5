import { Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DesignDraft,
  FONT_STACKS,
  FONTS,
  type Font,
  headingSize,
  LIMITS,
  SHADOWS,
  type Shadow,
} from './design.js';

type Change = <K extends keyof DesignDraft>(key: K, value: DesignDraft[K]) => void;

/** The body and heading fonts, each shown in itself. */
export function FontTokens(props: { draft: DesignDraft; onChange: Change; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const options = FONTS.map((value) => ({ value, label: t(`appearance.design.font.${value}`) }));
  return (
    <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="sm">
      {(['font_body', 'font_heading'] as const).map((key) => (
        <Stack key={key} gap={4}>
          <Select
            label={t(`appearance.design.${key}`)}
            data={options}
            value={props.draft[key]}
            onChange={(next) => next && props.onChange(key, next as Font)}
            allowDeselect={false}
            error={props.errors[key]}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="lg" style={{ fontFamily: FONT_STACKS[props.draft[key]] }}>
            {t('appearance.design.sampleFont')}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The body text's size and how much larger each heading level is, with the sizes they make. */
export function TypeTokens(props: { draft: DesignDraft; onChange: Change; errors: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const { draft } = props;
  const size = typeof draft.font_size === 'number' ? draft.font_size : null;
  const scale = typeof draft.type_scale === 'number' ? draft.type_scale : null;
  return (
    <Stack gap="sm">
      <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="sm">
        <NumberInput
          label={t('appearance.design.font_size')}
          description={t('appearance.design.font_sizeHelp')}
          suffix=" px"
          {...LIMITS.font_size}
          allowDecimal={false}
          value={draft.font_size}
          onChange={(next) => props.onChange('font_size', next)}
          error={props.errors.font_size}
        />
        <NumberInput
          label={t('appearance.design.type_scale')}
          description={t('appearance.design.type_scaleHelp')}
          {...LIMITS.type_scale}
          decimalScale={2}
          value={draft.type_scale}
          onChange={(next) => props.onChange('type_scale', next)}
          error={props.errors.type_scale}
        />
      </SimpleGrid>
      {size !== null && scale !== null ? (
        <Text size="sm" c="dimmed">
          {t('appearance.design.headingSizes', {
            sizes: [1, 2, 3, 4, 5, 6]
              .map(
                (level) =>
                  `H${level} ${headingSize({ font_size: size, type_scale: scale }, level).toLocaleString(i18n.language, { maximumFractionDigits: 0 })} px`,
              )
              .join(' · '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The spacing step, the corners' radius and the shadow of cards and buttons. */
export function ShapeTokens(props: { draft: DesignDraft; onChange: Change; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const shadowId = useId();
  return (
    <SimpleGrid type="container" cols={{ base: 1, '340px': 2, '520px': 3 }} spacing="sm">
      <NumberInput
        label={t('appearance.design.spacing')}
        description={t('appearance.design.spacingHelp')}
        suffix=" rem"
        {...LIMITS.spacing}
        decimalScale={2}
        value={props.draft.spacing}
        onChange={(next) => props.onChange('spacing', next)}
        error={props.errors.spacing}
      />
      <NumberInput
        label={t('appearance.design.radius')}
        description={t('appearance.design.radiusHelp')}
        suffix=" px"
        {...LIMITS.radius}
        allowDecimal={false}
        value={props.draft.radius}
        onChange={(next) => props.onChange('radius', next)}
        error={props.errors.radius}
      />
      <Input.Wrapper
        label={t('appearance.design.shadow')}
        labelElement="div"
        labelProps={{ id: shadowId }}
        error={props.errors.shadow}
      >
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={shadowId}
          value={props.draft.shadow}
          onChange={(next) => props.onChange('shadow', next as Shadow)}
          data={SHADOWS.map((value) => ({ value, label: t(`appearance.design.shadows.${value}`) }))}
          fullWidth
          mt={4}
        />
      </Input.Wrapper>
    </SimpleGrid>
  );
}
