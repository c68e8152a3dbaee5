import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { fieldMessage } from './field-messages.js';

/** What a JSON Schema keyword's failure names: the bound (`limit`, Ajv's own name), the type or format. */
export interface KeywordParams {
  limit?: unknown;
  multipleOf?: unknown;
  type?: unknown;
  format?: unknown;
}

/**
 * The field message of the JSON Schema keyword a value failed, with the bound it names: how a
 * route's input validation (Ajv) says each fault, and TypeBox's checks through messageOfValueError.
 */
export function messageOfKeyword(keyword: string, params: KeywordParams): string {
  const limit = String(params.limit);
  switch (keyword) {
    case 'required':
      return fieldMessage('field.required');
    case 'additionalProperties':
      return fieldMessage('field.not_allowed');
    case 'minLength':
      return fieldMessage('field.min_length', { limit });
    case 'maxLength':
      return fieldMessage('field.max_length', { limit });
    case 'minimum':
      return fieldMessage('field.minimum', { limit });
    case 'maximum':
      return fieldMessage('field.maximum', { limit });
    case 'exclusiveMinimum':
      return fieldMessage('field.exclusive_minimum', { limit });
    case 'exclusiveMaximum':
      return fieldMessage('field.exclusive_maximum', { limit });
    case 'multipleOf':
      return fieldMessage('field.multiple_of', { limit: String(params.multipleOf) });
    case 'type':
      return fieldMessage('field.type', { type: String(params.type) });
    case 'format':
      return fieldMessage('field.format', { format: String(params.format) });
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return fieldMessage('field.one_of');
    case 'pattern':
      return fieldMessage('field.pattern');
    case 'minItems':
      return fieldMessage('field.min_items', { limit });
    case 'maxItems':
      return fieldMessage('field.max_items', { limit });
    case 'uniqueItems':
      return fieldMessage('field.unique_items');
    case 'minProperties':
      return fieldMessage('field.min_properties', { limit });
    case 'maxProperties':
      return fieldMessage('field.max_properties', { limit });
    default:
      return fieldMessage('field.invalid');
  }
}

/** TypeBox's kinds of fault as the keyword each fails, and the schema's bound or the type it names. */
const KEYWORD_OF: Partial<Record<ValueErrorType, { keyword: string; bound?: string; type?: string }>> = {
  [ValueErrorType.ObjectRequiredProperty]: { keyword: 'required' },
  [ValueErrorType.ObjectAdditionalProperties]: { keyword: 'additionalProperties' },
  [ValueErrorType.String]: { keyword: 'type', type: 'string' },
  [ValueErrorType.Number]: { keyword: 'type', type: 'number' },
  [ValueErrorType.Integer]: { keyword: 'type', type: 'integer' },
  [ValueErrorType.Boolean]: { keyword: 'type', type: 'boolean' },
  [ValueErrorType.Object]: { keyword: 'type', type: 'object' },
  [ValueErrorType.Array]: { keyword: 'type', type: 'array' },
  [ValueErrorType.StringMinLength]: { keyword: 'minLength', bound: 'minLength' },
  [ValueErrorType.StringMaxLength]: { keyword: 'maxLength', bound: 'maxLength' },
  [ValueErrorType.StringPattern]: { keyword: 'pattern' },
  [ValueErrorType.NumberMinimum]: { keyword: 'minimum', bound: 'minimum' },
  [ValueErrorType.IntegerMinimum]: { keyword: 'minimum', bound: 'minimum' },
  [ValueErrorType.NumberMaximum]: { keyword: 'maximum', bound: 'maximum' },
  [ValueErrorType.IntegerMaximum]: { keyword: 'maximum', bound: 'maximum' },
  [ValueErrorType.ArrayMinItems]: { keyword: 'minItems', bound: 'minItems' },
  [ValueErrorType.ArrayMaxItems]: { keyword: 'maxItems', bound: 'maxItems' },
  [ValueErrorType.ArrayUniqueItems]: { keyword: 'uniqueItems' },
  [ValueErrorType.Literal]: { keyword: 'const' },
  [ValueErrorType.Union]: { keyword: 'anyOf' },
};

/**
 * What TypeBox's check of a value found, as the message of the same keyword in a route's input
 * validation, so a definition checked by TypeBox is refused in the words of a body checked by Ajv.
 * A fault of another kind keeps TypeBox's own words.
 */
export function messageOfValueError(error: ValueError): string {
  const known = KEYWORD_OF[error.type];
  if (!known) return error.message;
  const schema = error.schema as Record<string, unknown>;
  return messageOfKeyword(known.keyword, {
    limit: known.bound === undefined ? undefined : schema[known.bound],
    type: known.type,
  });
}
