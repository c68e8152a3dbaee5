import { Button, ColorInput, ColorSwatch, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColorTokens } from './queries.js';

/** What the server takes for a custom colour (ColorValue in packages/blocks, tokens aside). */
const CSS_COLOR = /^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\)|transparent)$/;

/**
 * A colour prop: the site's colour tokens first, as swatches named by token (a token follows the
 * design settings when they change), then a custom colour. Stored as `token:<name>` or the CSS colour.
 */
export function ColorField(props: {
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required: boolean;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const tokens = useColorTokens();
  const labelId = useId();
  const { value, onChange } = props;
  const token = value?.startsWith('token:') ? value.slice(6) : null;
  // What is typed stays in the box while it is not yet a colour the server takes.
  const [custom, setCustom] = useState(token === null ? (value ?? '') : '');
  useEffect(() => {
    if (value !== undefined && !value.startsWith('token:')) setCustom(value);
    else if (value === undefined || value.startsWith('token:')) setCustom('');
  }, [value]);
  const tokenName = (name: string) => t(`builder.color.name.${name}`, { defaultValue: name });
  const current =
    token !== null
      ? t('builder.color.token', { name: tokenName(token) })
      : value
        ? value
        : t('builder.form.noValue');

  return (
    <Input.Wrapper
      label={props.label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={props.description}
      error={props.error}
      required={props.required}
    >
      <Stack gap={6} mt={4} role="group" aria-labelledby={labelId}>
        <Group gap={6} role="group" aria-label={t('builder.color.tokens')}>
          {tokens.map(({ name, value: color, effective }) => {
            const label = color
              ? t('builder.color.token', { name: tokenName(name) })
              : t('builder.color.themeOwn', { name: tokenName(name) });
            return (
              <Tooltip key={name} label={label} withArrow>
                <ColorSwatch
                  component="button"
                  type="button"
                  // The colour visitors see: the site's where set, the theme's own otherwise.
                  color={effective}
                  size={28}
                  aria-label={label}
                  aria-pressed={token === name}
                  onClick={() => onChange(`token:${name}`)}
                  style={{
                    cursor: 'pointer',
                    outline: token === name ? '2px solid var(--mantine-color-blue-7)' : undefined,
                    outlineOffset: 2,
                    border: '1px solid var(--mantine-color-gray-5)',
                  }}
                />
              </Tooltip>
            );
          })}
        </Group>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <ColorInput
            label={t('builder.color.custom')}
            size="xs"
            w={180}
            format="hex"
            fixOnBlur={false}
            eyeDropperButtonProps={{ 'aria-label': t('builder.color.eyeDropper') }}
            value={custom}
            onChange={(typed) => {
              setCustom(typed);
              if (CSS_COLOR.test(typed)) onChange(typed.toLowerCase());
            }}
          />
          {!props.required && value !== undefined ? (
            <Button variant="subtle" size="xs" onClick={() => onChange(undefined)}>
              {t('builder.color.none')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('builder.color.current', { value: current })}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
