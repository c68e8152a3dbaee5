import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderLabels } from './labels.js';
import { type FormContext, PropField } from './PropField.js';
import type { BlockType } from './queries.js';
import { BREAKPOINTS, type Breakpoint, isRequired, responsiveValueOf } from './schema.js';

/** Props every block type takes (the registry adds them): shown last, apart from the block's own. */
const COMMON_PROPS = ['visibility', 'variation'];

/**
 * A block's props as a form generated from its type's JSON Schema. Values per breakpoint are edited
 * for the breakpoint chosen at the top. Generic: any block type the server offers gets its form.
 */
export function PropsForm(props: {
  blockType: BlockType;
  value: Record<string, unknown>;
  onChange: (props: Record<string, unknown>) => void;
  /** The server's messages by prop path (`items.0.title`). */
  errors: Record<string, string>;
  /** The server's messages about the block itself (its type, its place). */
  problems: string[];
  breakpoint: Breakpoint;
  onBreakpoint: (breakpoint: Breakpoint) => void;
  labels: BuilderLabels;
  /** Where the block's props are in the server's 422 (`block.props.`): its inputs are named so. */
  names: string;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  const { blockType, value, onChange } = props;
  const schema = blockType.props;
  const entries = Object.entries(schema.properties ?? {});
  const responsive = entries.some(([, property]) => responsiveValueOf(property) !== null);
  const context: FormContext = {
    blockType,
    labels: props.labels,
    breakpoint: props.breakpoint,
    errors: props.errors,
    names: props.names,
  };
  const field = ([key, property]: (typeof entries)[number]) => (
    <PropField
      key={key}
      schema={property}
      name={key}
      path={[key]}
      value={value[key]}
      required={isRequired(schema, key)}
      context={context}
      onChange={(next) => {
        const changed = { ...value };
        if (next === undefined) delete changed[key];
        else changed[key] = next;
        onChange(changed);
      }}
    />
  );
  const own = entries.filter(([key]) => !COMMON_PROPS.includes(key));
  const common = entries.filter(([key]) => COMMON_PROPS.includes(key));

  return (
    <Stack gap="sm">
      {props.problems.length > 0 ? (
        <Alert color="red" role="alert" p="xs">
          {props.problems.join(' ')}
        </Alert>
      ) : null}
      {responsive ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500} id={switchId}>
            {t('builder.form.breakpoint')}
          </Text>
          <SegmentedControl
            size="xs"
            role="radiogroup"
            aria-labelledby={switchId}
            value={props.breakpoint}
            onChange={(next) => props.onBreakpoint(next as Breakpoint)}
            data={BREAKPOINTS.map((breakpoint) => ({
              value: breakpoint,
              label: t(`builder.breakpoints.${breakpoint}`),
            }))}
          />
        </Group>
      ) : null}
      {own.map(field)}
      {common.length > 0 ? (
        <fieldset className="plain-fieldset">
          <Text component="legend" fw={600} mt="xs" mb="xs" p={0}>
            {t('builder.form.display')}
          </Text>
          <Stack gap="sm">{common.map(field)}</Stack>
        </fieldset>
      ) : null}
    </Stack>
  );
}
