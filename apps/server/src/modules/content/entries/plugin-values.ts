import { type FieldValidation, validateFieldValues } from '../fields/index.js';
import { type ContentType, entryFields } from '../types/content-type.js';
import { canonicalJson } from './state.js';

/** A plugin's values are under `<area>.<key>`; a type's own keys never hold a dot. */
const namespaceOf = (key: string): string | null => {
  const dot = key.indexOf('.');
  return dot > 0 ? key.slice(0, dot) : null;
};

/**
 * A save that sends `fields` without a plugin's values keeps them: forms and clients that know
 * only the type's own fields (or an older plugin panel) must not wipe what a plugin stored.
 */
export function keepPluginValues(
  stored: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kept = Object.entries(stored).filter(([key]) => namespaceOf(key) !== null);
  return { ...Object.fromEntries(kept), ...sent };
}

/**
 * Splits the values of a save into those checked against the type's fields and those of plugins no
 * longer active on the site, which are kept as they were stored (their data stays until the plugin
 * comes back or is uninstalled) and cannot be changed meanwhile: a changed or new one goes to the
 * check, which refuses it as a field the type does not have.
 */
export function splitDormantValues(
  type: Pick<ContentType, 'plugin_fields'>,
  values: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): { checked: Record<string, unknown>; dormant: Record<string, unknown> } {
  const active = new Set(type.plugin_fields.map((field) => namespaceOf(field.key)));
  const checked: Record<string, unknown> = {};
  const dormant: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const namespace = namespaceOf(key);
    const asleep =
      namespace !== null &&
      !active.has(namespace) &&
      Object.hasOwn(stored, key) &&
      canonicalJson(stored[key]) === canonicalJson(value);
    (asleep ? dormant : checked)[key] = value;
  }
  return { checked, dormant };
}

/**
 * The relations and media of values as stored, read through the fields that give them meaning:
 * the type's own and its active plugins'. Values of plugins asleep on the site are left out.
 */
export function storedValueLinks(
  type: Pick<ContentType, 'fields' | 'plugin_fields'>,
  fields: Readonly<Record<string, unknown>>,
): FieldValidation {
  const { checked } = splitDormantValues(type, fields, fields);
  return validateFieldValues(entryFields(type), checked, { isNew: false });
}
