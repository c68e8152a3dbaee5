import type { TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import type { FieldErrors } from '../errors.js';

const typeNames: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.Array]: 'array',
  [ValueErrorType.Boolean]: 'boolean',
  [ValueErrorType.Integer]: 'integer',
  [ValueErrorType.Number]: 'number',
  [ValueErrorType.Object]: 'object',
  [ValueErrorType.String]: 'string',
  [ValueErrorType.Null]: 'null',
};

/**
 * A value checked against a schema outside Fastify's validator, with the same messages the HTTP
 * validation gives, keyed `<base>` or `<base>.<path>` for nested values.
 */
export function problemsOfValue(schema: TSchema, value: unknown, base: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of Value.Errors(schema, value)) {
    const key = error.path === '' ? base : `${base}${error.path.replaceAll('/', '.')}`;
    // Once per field: a union refused reports each branch, which says nothing more.
    if (fields[key]) continue;
    fields[key] = [messageOf(error.type, error.schema, error.message)];
  }
  return fields;
}

function messageOf(type: ValueErrorType, schema: TSchema, fallback: string): string {
  const typeName = typeNames[type];
  if (typeName) return `Must be of type ${typeName}.`;
  switch (type) {
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      return 'Must be one of the allowed values.';
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `Must be at most ${schema.maximum}.`;
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `Must be at least ${schema.minimum}.`;
    case ValueErrorType.StringMaxLength:
      return `Must be at most ${schema.maxLength} characters.`;
    case ValueErrorType.StringMinLength:
      return `Must be at least ${schema.minLength} characters.`;
    case ValueErrorType.StringPattern:
      return 'Has an invalid format.';
    case ValueErrorType.ArrayMaxItems:
      return `Must have at most ${schema.maxItems} items.`;
    case ValueErrorType.ArrayMinItems:
      return `Must have at least ${schema.minItems} items.`;
    case ValueErrorType.ArrayUniqueItems:
      return 'Must not list a value twice.';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'Has a field that is not allowed.';
    case ValueErrorType.ObjectRequiredProperty:
      return 'Lacks a required field.';
    default:
      return `${fallback}.`;
  }
}
