/** The field system of content types: definitions, their checks, value validation, richtext. */
export { checkDefinitions } from './check-definitions.js';
export {
  FIELD_TYPES,
  type FieldDefinition,
  FieldDefinitionSchema,
  FieldDefinitions,
  type FieldType,
  MAX_REPEATER_DEPTH,
} from './definition.js';
export { type FieldChangePlan, planFieldChange } from './field-changes.js';
export { plainText, sanitizeRichText } from './richtext.js';
export { type FieldValidation, type RelationRefs, validateFieldValues } from './validate-values.js';
