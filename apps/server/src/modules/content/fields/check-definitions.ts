import { Value } from '@sinclair/typebox/value';
import { addFieldError, type FieldErrors, fieldErrors } from '../../../core/errors.js';
import { fieldMessage } from '../../../core/i18n/field-messages.js';
import { messageOfValueError } from '../../../core/i18n/schema-messages.js';
import {
  COMMON_OPTIONS,
  type FieldDefinition,
  FieldDefinitionSchema,
  MAX_REPEATER_DEPTH,
  OPTIONS_OF,
} from './definition.js';
import { PatternBudget, patternProblem } from './user-pattern.js';
import { DATE, validateFieldValues } from './validate-values.js';

/**
 * Checks a list of field definitions beyond what the request schema says: options that belong to the
 * type, required options present, bounds in order, choices unique, defaults valid, keys unique among
 * siblings, repeaters not too deep. Errors are keyed by path (`fields[2].choices`).
 */
export function checkDefinitions(
  definitions: readonly unknown[],
  path = 'fields',
  depth = 1,
  patterns = new PatternBudget(),
): FieldErrors {
  const errors = fieldErrors();
  const keys = new Set<string>();
  definitions.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    if (!Value.Check(FieldDefinitionSchema, raw)) {
      for (const problem of Value.Errors(FieldDefinitionSchema, raw)) {
        const where = problem.path.replace(/^\//, '').replaceAll('/', '.');
        addFieldError(errors, where ? `${at}.${where}` : at, messageOfValueError(problem));
      }
      return;
    }
    const field = raw as FieldDefinition;
    if (keys.has(field.key))
      addFieldError(errors, `${at}.key`, fieldMessage('definition.duplicate_key', { key: field.key }));
    keys.add(field.key);
    const allowed = new Set<string>([...COMMON_OPTIONS, ...OPTIONS_OF[field.type]]);
    for (const option of Object.keys(field))
      if (!allowed.has(option))
        addFieldError(
          errors,
          `${at}.${option}`,
          fieldMessage('definition.option_not_taken', { type: field.type, option }),
        );
    checkOptions(field, at, depth, errors, patterns);
    if (field.default !== undefined && !Object.keys(errors).some((p) => p.startsWith(at))) {
      const probe = validateFieldValues(
        [{ ...field, required: false }],
        { [field.key]: field.default },
        { isNew: false, patterns },
      );
      if (!probe.ok)
        addFieldError(
          errors,
          `${at}.default`,
          fieldMessage('definition.default_invalid', { reason: Object.values(probe.errors)[0]?.[0] ?? '' }),
        );
    }
  });
  return errors;
}

function checkOptions(
  field: FieldDefinition,
  at: string,
  depth: number,
  errors: FieldErrors,
  patterns: PatternBudget,
): void {
  const add = (option: string, message: string) => addFieldError(errors, `${at}.${option}`, message);
  if (field.min_length !== undefined && field.max_length !== undefined && field.min_length > field.max_length)
    add('min_length', fieldMessage('definition.lengths'));
  if (field.min_items !== undefined && field.max_items !== undefined && field.min_items > field.max_items)
    add('min_items', fieldMessage('definition.item_counts'));
  const patternWrong = field.pattern === undefined ? null : patternProblem(field.pattern, patterns);
  if (patternWrong) add('pattern', patternWrong);
  switch (field.type) {
    case 'number':
      for (const bound of ['min', 'max'] as const)
        if (field[bound] !== undefined && typeof field[bound] !== 'number')
          add(bound, fieldMessage('definition.number_bound', { bound }));
      if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
        add('min', fieldMessage('definition.min_above_max'));
      if (field.integer && field.decimals !== undefined && field.decimals > 0)
        add('decimals', fieldMessage('definition.integer_decimals'));
      break;
    case 'date':
    case 'datetime':
      for (const bound of ['min', 'max'] as const) {
        const value = field[bound];
        if (value === undefined) continue;
        const ok =
          typeof value === 'string' &&
          (field.type === 'date' ? DATE.test(value) : !Number.isNaN(Date.parse(value)));
        if (!ok)
          add(
            bound,
            fieldMessage(field.type === 'date' ? 'definition.date_bound' : 'definition.datetime_bound', {
              bound,
            }),
          );
      }
      if (
        typeof field.min === 'string' &&
        typeof field.max === 'string' &&
        Date.parse(field.min) > Date.parse(field.max)
      )
        add('min', fieldMessage('definition.min_after_max'));
      break;
    case 'select':
    case 'radio': {
      if (!field.choices) add('choices', fieldMessage('definition.needs_choices', { type: field.type }));
      else {
        const values = field.choices.map((choice) => choice.value);
        if (new Set(values).size !== values.length) add('choices', fieldMessage('definition.same_choice'));
      }
      if ((field.min_items !== undefined || field.max_items !== undefined) && !field.multiple)
        add('multiple', fieldMessage('definition.select_items'));
      break;
    }
    case 'relation':
      if (!field.target_type) add('target_type', fieldMessage('definition.target_type'));
      if ((field.min_items !== undefined || field.max_items !== undefined) && field.cardinality !== 'many')
        add('cardinality', fieldMessage('definition.relation_items'));
      break;
    case 'file':
    case 'image':
      if ((field.min_items !== undefined || field.max_items !== undefined) && !field.multiple)
        add('multiple', fieldMessage('definition.multiple_items'));
      break;
    case 'repeater':
      if (!field.fields || field.fields.length === 0) add('fields', fieldMessage('definition.sub_fields'));
      else if (
        depth >= MAX_REPEATER_DEPTH &&
        field.fields.some((sub) => (sub as { type?: unknown }).type === 'repeater')
      )
        add('fields', fieldMessage('definition.repeater_depth', { limit: MAX_REPEATER_DEPTH }));
      else mergeInto(errors, checkDefinitions(field.fields, `${at}.fields`, depth + 1, patterns));
      break;
    default:
      break;
  }
}

function mergeInto(target: FieldErrors, source: FieldErrors): void {
  for (const [path, messages] of Object.entries(source))
    for (const message of messages) addFieldError(target, path, message);
}
