import { type FieldDefinition, MAX_REPEATER_DEPTH } from '../content/fields/index.js';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of an entry's `fields` for one content type, from the field definitions the REST
 * route validates with (content/fields/validate-values.ts): types, required keys, choices, bounds.
 * It tells an agent what to send; the route still decides, and answers 422 by path as it does for
 * a person, so nothing here has to be a second, complete copy of the rules.
 */
export function fieldsSchema(definitions: readonly FieldDefinition[], depth = 0): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const definition of definitions) {
    properties[definition.key] = described(definition, valueSchema(definition, depth));
    if (definition.required) required.push(definition.key);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function described(definition: FieldDefinition, schema: JsonSchema): JsonSchema {
  const parts = [definition.label, definition.help_text, schema.description].filter(Boolean);
  return { ...schema, description: parts.join('. ') };
}

function valueSchema(definition: FieldDefinition, depth: number): JsonSchema {
  switch (definition.type) {
    case 'text':
    case 'textarea':
    case 'richtext':
      return {
        type: 'string',
        ...bound('minLength', definition.min_length),
        ...bound('maxLength', definition.max_length),
        ...(definition.type === 'text' && definition.pattern
          ? { pattern: `^(?:${definition.pattern})$` }
          : {}),
        ...(definition.type === 'richtext' ? { contentMediaType: 'text/html' } : {}),
      };
    case 'email':
      return { type: 'string', format: 'email', ...bound('maxLength', definition.max_length) };
    case 'url':
      return { type: 'string', format: 'uri', ...bound('maxLength', definition.max_length) };
    case 'color':
      return { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$' };
    case 'number':
      return {
        type: definition.integer ? 'integer' : 'number',
        ...(typeof definition.min === 'number' ? { minimum: definition.min } : {}),
        ...(typeof definition.max === 'number' ? { maximum: definition.max } : {}),
      };
    case 'checkbox':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'select':
    case 'radio': {
      const choice = { type: 'string', enum: (definition.choices ?? []).map((c) => c.value) };
      return definition.type === 'select' && definition.multiple ? list(definition, choice) : choice;
    }
    case 'file':
    case 'image': {
      const id = { type: 'integer', minimum: 1, description: 'A media library id' };
      return definition.multiple ? list(definition, id) : id;
    }
    case 'relation': {
      const id = { type: 'integer', minimum: 1, description: `The id of a ${definition.target_type} entry` };
      return definition.cardinality === 'many' ? list(definition, id) : id;
    }
    case 'repeater':
      return list(
        definition,
        depth < MAX_REPEATER_DEPTH
          ? fieldsSchema((definition.fields ?? []) as FieldDefinition[], depth + 1)
          : { type: 'object' },
      );
    case 'json':
      return {};
  }
}

function list(definition: FieldDefinition, items: JsonSchema): JsonSchema {
  return {
    type: 'array',
    items,
    ...bound('minItems', definition.min_items),
    ...bound('maxItems', definition.max_items),
  };
}

function bound(name: string, value: number | undefined): JsonSchema {
  return value === undefined ? {} : { [name]: value };
}
