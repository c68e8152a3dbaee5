import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PropField, type PropFieldProps } from './PropField.js';
import { type Breakpoint, type JsonSchema, perBreakpoint } from './schema.js';

type PerBreakpoint = Partial<Record<Breakpoint, unknown>>;

/**
 * A value per breakpoint (Responsive in packages/blocks): the input edits the breakpoint chosen at
 * the top of the form. Tablet and mobile show what they inherit until given their own value, which
 * a reset takes away again.
 */
export function ResponsiveField(props: PropFieldProps & { valueSchema: JsonSchema }) {
  const { t } = useTranslation();
  const { name, path, value, onChange, required, context, valueSchema } = props;
  const breakpoint = context.breakpoint;
  const own = value !== null && typeof value === 'object' ? (value as PerBreakpoint) : undefined;
  // `visibility` left out means shown everywhere (packages/blocks visibility.ts).
  const effective: PerBreakpoint | undefined =
    own ?? (name === 'visibility' && path.length === 1 ? { desktop: true } : undefined);
  const shown = perBreakpoint(effective)[breakpoint];
  const label = props.label ?? context.labels.prop(name);
  const breakpointName = (at: Breakpoint) => t(`builder.breakpoints.${at}`);
  const overridden = breakpoint !== 'desktop' && own?.[breakpoint] !== undefined;
  const waiting = breakpoint !== 'desktop' && effective?.desktop === undefined;

  const set = (next: unknown) => {
    if (breakpoint === 'desktop' && next === undefined) {
      // Without a desktop value the whole prop goes: narrower ones cannot stand alone.
      onChange(required ? effective : undefined);
      return;
    }
    const changed: PerBreakpoint = { ...effective };
    if (next === undefined) delete changed[breakpoint];
    else changed[breakpoint] = next;
    onChange(changed);
  };
  const reset = () => {
    const changed: PerBreakpoint = { ...own };
    delete changed[breakpoint];
    onChange(changed);
  };

  let note: string | null = null;
  if (waiting) note = t('builder.form.desktopFirst');
  else if (overridden) note = t('builder.form.own', { breakpoint: breakpointName(breakpoint) });
  else if (breakpoint !== 'desktop' && shown.from)
    note = t('builder.form.inherited', { from: breakpointName(shown.from) });
  else if (shown.value === undefined) note = t('builder.form.notSet');

  return (
    <Stack gap={4} data-responsive={name}>
      <fieldset disabled={waiting} className="plain-fieldset">
        <PropField
          schema={valueSchema}
          name={name}
          path={[...path, breakpoint]}
          value={shown.value}
          required={breakpoint === 'desktop' ? required : false}
          marked={breakpoint === 'desktop' && required && props.schema.default === undefined}
          context={context}
          label={label}
          onChange={set}
        />
      </fieldset>
      {note ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {note}
          </Text>
          {overridden ? (
            <Button
              variant="subtle"
              size="compact-xs"
              aria-label={t('builder.form.resetNamed', { label, breakpoint: breakpointName(breakpoint) })}
              onClick={reset}
            >
              {t('builder.form.reset')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {context.errors[path.join('.')] ? <Input.Error>{context.errors[path.join('.')]}</Input.Error> : null}
    </Stack>
  );
}
