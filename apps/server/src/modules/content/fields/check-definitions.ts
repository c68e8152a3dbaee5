import { Value } from '@sinclair/typebox/value';
import { addFieldError, type FieldErrors, fieldErrors } from '../../../core/errors.js';
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
        addFieldError(errors, where ? `${at}.${where}` : at, problem.message);
      }
      return;
    }
    const field = raw as FieldDefinition;
    if (keys.has(field.key))
      addFieldError(errors, `${at}.key`, `Another field is already named ${field.key}.`);
    keys.add(field.key);
    const allowed = new Set<string>([...COMMON_OPTIONS, ...OPTIONS_OF[field.type]]);
    for (const option of Object.keys(field))
      if (!allowed.has(option))
        addFieldError(errors, `${at}.${option}`, `A ${field.type} field takes no ${option}.`);
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
          `The default is not a valid value: ${Object.values(probe.errors)[0]?.[0] ?? ''}`,
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
    add('min_length', 'min_length is above max_length.');
  if (field.min_items !== undefined && field.max_items !== undefined && field.min_items > field.max_items)
    add('min_items', 'min_items is above max_items.');
  const patternWrong = field.pattern === undefined ? null : patternProblem(field.pattern, patterns);
  if (patternWrong) add('pattern', patternWrong);
  switch (field.type) {
    case 'number':
      for (const bound of ['min', 'max'] as const)
        if (field[bound] !== undefined && typeof field[bound] !== 'number')
          add(bound, `${bound} of a number field is a number.`);
      if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
        add('min', 'min is above max.');
      if (field.integer && field.decimals !== undefined && field.decimals > 0)
        add('decimals', 'An integer field has no decimals.');
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
            `${bound} of a ${field.type} field is a ${field.type === 'date' ? 'YYYY-MM-DD date' : 'ISO 8601 time'}.`,
          );
      }
      if (
        typeof field.min === 'string' &&
        typeof field.max === 'string' &&
        Date.parse(field.min) > Date.parse(field.max)
      )
        add('min', 'min is after max.');
      break;
    case 'select':
    case 'radio': {
      if (!field.choices) add('choices', `A ${field.type} field needs choices.`);
      else {
        const values = field.choices.map((choice) => choice.value);
        if (new Set(values).size !== values.length) add('choices', 'Two choices have the same value.');
      }
      if ((field.min_items !== undefined || field.max_items !== undefined) && !field.multiple)
        add('multiple', 'min_items and max_items apply to a select with multiple: true.');
      break;
    }
    case 'relation':
      if (!field.target_type) add('target_type', 'A relation field names its target_type.');
      if ((field.min_items !== undefined || field.max_items !== undefined) && field.cardinality !== 'many')
        add('cardinality', 'min_items and max_items apply to cardinality many.');
      break;
    case 'file':
    case 'image':
      if ((field.min_items !== undefined || field.max_items !== undefined) && !field.multiple)
        add('multiple', 'min_items and max_items apply to multiple: true.');
      break;
    case 'repeater':
      if (!field.fields || field.fields.length === 0) add('fields', 'A repeater field needs sub-fields.');
      else if (
        depth >= MAX_REPEATER_DEPTH &&
        field.fields.some((sub) => (sub as { type?: unknown }).type === 'repeater')
      )
        add('fields', `Repeaters nest ${MAX_REPEATER_DEPTH} deep at most.`);
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
