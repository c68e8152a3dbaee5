import {
  Checkbox,
  Fieldset,
  Group,
  Input,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from './ColorField.js';
import { LinkField } from './LinkField.js';
import { ListField } from './ListField.js';
import type { BuilderLabels } from './labels.js';
import { MediaPropField, mediaKindsFor } from './MediaPropField.js';
import { PatternField } from './PatternField.js';
import type { BlockType } from './queries.js';
import { RemoteChoiceField } from './RemoteChoiceField.js';
import { ResponsiveField } from './ResponsiveField.js';
import {
  type Breakpoint,
  isRequired,
  type JsonSchema,
  type Kind,
  kindOf,
  nullableOf,
  unitOf,
} from './schema.js';

// Tiptap is heavy: loaded when a block with rich text is first selected.
const RichTextInput = lazy(() =>
  import('../content/editor/RichTextInput.js').then((m) => ({ default: m.RichTextInput })),
);

/** What every input of one block's form shares. */
export interface FormContext {
  blockType: BlockType;
  labels: BuilderLabels;
  breakpoint: Breakpoint;
  /** The server's messages by prop path (`items.0.title`). */
  errors: Record<string, string>;
  /**
   * Put before a prop's path to name its input as the server's 422 names the prop
   * (`blocks.0.props.`), so a form's own checks land where the server's would.
   */
  names: string;
}

export interface PropFieldProps {
  schema: JsonSchema;
  /** The prop's key in its object (`title`), or its list's key for an item. */
  name: string;
  /** From the block's props: `['items', 0, 'title']`. */
  path: readonly (string | number)[];
  value: unknown;
  /** `undefined` removes the prop. */
  onChange: (value: unknown) => void;
  required: boolean;
  context: FormContext;
  /** In place of the prop's own label (a list's items: "Items 2"). */
  label?: string;
  /** One line of a list: text on a single line whatever its length. */
  compact?: boolean;
  /** Whether the label shows it as required, in place of what the schema says. */
  marked?: boolean;
}

/**
 * Whether a required prop is shown as such: only when it cannot be left empty, since most required
 * props have a default or take an empty string.
 */
function mustFill(schema: JsonSchema, kind: Kind): boolean {
  if (kind.kind === 'text' || kind.kind === 'richtext' || kind.kind === 'link')
    return (
      (schema.minLength ?? 0) > 0 || (schema.pattern !== undefined && !new RegExp(schema.pattern).test(''))
    );
  return schema.default === undefined && kind.kind !== 'boolean' && kind.kind !== 'list';
}

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/** One prop with the input its schema calls for; objects and lists hold more of them. */
export function PropField(props: PropFieldProps) {
  const { t } = useTranslation();
  const { schema, name, path, value, onChange, required, context } = props;
  const { blockType, labels } = context;
  const top = path.length === 1;
  const kind = kindOf(schema, name, { richText: blockType.rich_text, media: blockType.media }, top);
  const common = {
    // A plugin's block names its props itself (their schema's title); the core's by their key.
    label: props.label ?? (top && blockType.plugin && schema.title ? schema.title : labels.prop(name)),
    description: labels.help(blockType.type, name, schema),
    required: props.marked ?? (required && mustFill(schema, kind)),
    error: context.errors[path.join('.')],
  };
  // An optional prop left empty is left out: an empty string would fail its pattern (an anchor, a link).
  const optional = !required && schema.default === undefined;
  const text = (next: string) => onChange(next === '' && optional ? undefined : next);

  // A reference to a pattern is chosen by the pattern's name.
  if (top && blockType.type === 'pattern' && name === 'pattern_id')
    return <PatternField {...common} value={value} onChange={onChange} />;

  switch (kind.kind) {
    case 'text':
      return kind.long && !props.compact ? (
        <Textarea
          {...common}
          name={`${context.names}${path.join('.')}`}
          autosize
          minRows={name === 'code' ? 6 : 3}
          maxRows={16}
          ff={name === 'code' ? 'monospace' : undefined}
          maxLength={schema.maxLength}
          value={asString(value)}
          onChange={(e) => text(e.currentTarget.value)}
        />
      ) : (
        <TextInput
          {...common}
          name={`${context.names}${path.join('.')}`}
          maxLength={schema.maxLength}
          value={asString(value)}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'link':
      return (
        <LinkField
          label={common.label}
          required={common.required}
          error={common.error}
          name={`${context.names}${path.join('.')}`}
          maxLength={schema.maxLength}
          value={asString(value)}
          onChange={text}
        />
      );
    case 'richtext':
      return (
        <Suspense fallback={<Textarea {...common} disabled value="" placeholder={t('app.loading')} />}>
          <RichTextInput {...common} value={asString(value)} onChange={(html) => onChange(html)} />
        </Suspense>
      );
    case 'number': {
      const unit = unitOf(schema);
      return (
        <NumberInput
          {...common}
          suffix={unit ? ` ${unit}` : undefined}
          value={typeof value === 'number' ? value : ''}
          min={schema.minimum}
          max={schema.maximum}
          // The server says what is out of bounds, beside the field; a silent clamp would hide it.
          clampBehavior="none"
          allowDecimal={!kind.integer}
          onChange={(next) =>
            onChange(
              typeof next === 'number' ? next : next === '' ? (optional ? undefined : null) : Number(next),
            )
          }
        />
      );
    }
    case 'boolean':
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={common.error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'choice':
      return (
        <Select
          {...common}
          data={kind.options.map((option) => ({ value: option, label: labels.option(option) }))}
          value={typeof value === 'string' ? value : null}
          allowDeselect={false}
          clearable={optional}
          searchable={kind.options.length > 10}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
    case 'remote':
      return (
        <RemoteChoiceField
          {...common}
          // Only the block's own plugin's routes: `/api/<plugin>/...`.
          url={blockType.plugin && kind.url.startsWith(`/api/${blockType.plugin}/`) ? kind.url : ''}
          integer={kind.integer}
          clearable={!required || nullableOf(schema) !== null}
          value={value}
          onChange={(next) => onChange(next === null ? (optional ? undefined : null) : next)}
        />
      );
    case 'choices': {
      const chosen = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
      return (
        <Checkbox.Group {...common} value={chosen} onChange={(next) => onChange(next)}>
          <Group mt={6} gap="sm">
            {kind.options.map((option) => (
              <Checkbox key={option} value={option} label={labels.option(option)} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    case 'color':
      return (
        <ColorField
          {...common}
          value={typeof value === 'string' ? value : undefined}
          onChange={(next) => onChange(next)}
        />
      );
    case 'media': {
      const ids = kind.many
        ? (Array.isArray(value) ? value : []).filter((id): id is number => typeof id === 'number')
        : typeof value === 'number'
          ? [value]
          : [];
      return (
        <MediaPropField
          {...common}
          ids={ids}
          many={kind.many}
          removable={kind.many || kind.nullable || optional}
          kinds={mediaKindsFor(blockType.type)}
          onChange={(next) =>
            onChange(kind.many ? next : (next[0] ?? (kind.nullable ? null : optional ? undefined : value)))
          }
        />
      );
    }
    case 'responsive':
      return <ResponsiveField {...props} valueSchema={kind.value} />;
    case 'list':
      return <ListField {...props} item={kind.item} />;
    case 'object': {
      const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      return (
        <Fieldset legend={common.label} variant="default" p="sm">
          {common.description ? <Input.Description mb="xs">{common.description}</Input.Description> : null}
          {common.error ? <Input.Error mb="xs">{common.error}</Input.Error> : null}
          <Stack gap="sm">
            {Object.entries(schema.properties ?? {}).map(([key, property]) => (
              <PropField
                key={key}
                schema={property}
                name={key}
                path={[...path, key]}
                value={object[key]}
                required={isRequired(schema, key)}
                context={context}
                onChange={(next) => {
                  const changed = { ...object };
                  if (next === undefined) delete changed[key];
                  else changed[key] = next;
                  onChange(changed);
                }}
              />
            ))}
          </Stack>
        </Fieldset>
      );
    }
    default:
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          ff="monospace"
          readOnly
          value={value === undefined ? '' : JSON.stringify(value, null, 2)}
        />
      );
  }
}
