import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FieldErrors } from '../errors.js';
import type { Site } from '../sites/site.js';
import { problemsOfValue } from './value-problems.js';

/**
 * The typed values of each settings group, by group name. Modules and plugins add theirs by
 * declaration merging, which types `settingsOf(..., 'group')` for every reader:
 *
 * ```ts
 * declare module '../../core/settings/settings-registry.js' {
 *   interface SettingsGroups { seo: Static<typeof SeoSettings> }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module
export interface SettingsGroups {}

export interface SettingsGroupOptions<T> {
  /** "core" or the plugin's name, shown to administrators. */
  owner?: string;
  description?: string;
  /**
   * Keys whose values are secrets (API keys): stored sealed, write-only through the API (read
   * back as `{ "set": true }`), readable in clear only by server code through `settingsOf`.
   * Their schema must accept a string and null (null clears the secret).
   */
  secrets?: ReadonlyArray<keyof T & string>;
  /** Defaults that depend on the site (the general title is the site's name until set). */
  siteDefaults?: (site: Site) => Partial<T>;
  /**
   * Checks the schema cannot express (a valid time zone, one key depending on another). Receives
   * the group's values after the change; returns messages by key, empty when all is well.
   */
  check?: (values: T) => FieldErrors;
  /**
   * Keys that need more than settings.edit to change, with the permission they need: what reaches
   * beyond the site (letting its webhooks into the private network) is for whoever runs the
   * installation, not any site's admin.
   */
  guarded?: Partial<Record<keyof T & string, string>>;
}

export interface SettingsGroup {
  readonly name: string;
  readonly owner: string;
  readonly description: string;
  readonly schema: TObject;
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly secrets: ReadonlySet<string>;
  /** Key to the permission its change needs besides settings.edit. */
  readonly guarded: Readonly<Record<string, string>>;
  siteDefaults(site: Site): Record<string, unknown>;
  check(values: Record<string, unknown>): FieldErrors;
}

const GROUP_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Every settings group core modules and plugins have registered, each a TypeBox object schema with
 * defaults. A site reads the defaults until a value is stored, so a new site has its settings from
 * the start and a group registered later reaches every existing site.
 */
export class SettingsRegistry {
  private readonly groups = new Map<string, SettingsGroup>();

  register<S extends TObject>(
    name: string,
    schema: S,
    defaults: Static<S>,
    options: SettingsGroupOptions<Static<S>> = {},
  ): void {
    if (!GROUP_NAME.test(name)) throw new Error(`Settings group "${name}" must be of a-z, 0-9 and _`);
    if (this.groups.has(name)) throw new Error(`Settings group "${name}" is already registered`);
    const properties = schema.properties as Record<string, TSchema>;
    for (const key of Object.keys(properties)) {
      if (!GROUP_NAME.test(key)) throw new Error(`Setting "${name}.${key}" must be of a-z, 0-9 and _`);
    }
    const secrets = new Set<string>(options.secrets ?? []);
    for (const key of secrets) {
      const keySchema = properties[key];
      if (!keySchema || !Value.Check(keySchema, null) || !Value.Check(keySchema, 'x'))
        throw new Error(`Secret "${name}.${key}" must be a key of the schema accepting a string and null`);
    }
    if (!Value.Check(schema, defaults)) {
      const [first] = Value.Errors(schema, defaults);
      throw new Error(
        `The defaults of settings group "${name}" do not match its schema: ${first?.path} ${first?.message}`,
      );
    }
    const { siteDefaults, check } = options;
    this.groups.set(name, {
      name,
      owner: options.owner ?? 'core',
      description: options.description ?? '',
      schema,
      defaults: Object.freeze({ ...(defaults as Record<string, unknown>) }),
      secrets,
      guarded: { ...(options.guarded as Record<string, string> | undefined) },
      siteDefaults: (site) => (siteDefaults ? (siteDefaults(site) as Record<string, unknown>) : {}),
      check: (values) => (check ? check(values as Static<S>) : {}),
    });
  }

  has(name: string): boolean {
    return this.groups.has(name);
  }

  get(name: string): SettingsGroup | undefined {
    return this.groups.get(name);
  }

  all(): SettingsGroup[] {
    return [...this.groups.values()];
  }
}

/** True when `key` is one of the group's settings (own keys only: `constructor` is not a setting). */
export function isSettingKey(group: SettingsGroup, key: string): boolean {
  return Object.hasOwn(group.schema.properties, key);
}

/**
 * A change as it applies to the values held now: a key whose value is an object with fixed
 * properties (the design tokens' `colors`) takes the properties sent over the current ones, so
 * `{ colors: { primary } }` changes one colour and not all of them. Everything else is replaced.
 */
export function mergeChange(
  group: SettingsGroup,
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const keySchema = isSettingKey(group, key)
      ? ((group.schema.properties as Record<string, TSchema>)[key] as TSchema)
      : undefined;
    const held = current[key];
    merged[key] =
      keySchema && mergesByProperty(keySchema, value) && isPlainObject(held) ? { ...held, ...value } : value;
  }
  return merged;
}

/** A value sent for an object setting with fixed properties: a part of it, merged into the rest. */
function mergesByProperty(keySchema: TSchema, value: unknown): value is Record<string, unknown> {
  return keySchema.type === 'object' && keySchema.properties !== undefined && isPlainObject(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The problems of the values a request sends for a group, keyed `<group>.<key>` (and deeper for
 * arrays: `media.allowed_types.2`): unknown keys and values the key's schema refuses.
 */
export function problemsOfChange(group: SettingsGroup, changes: Record<string, unknown>): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, value] of Object.entries(changes)) {
    const path = `${group.name}.${key}`;
    if (!isSettingKey(group, key)) {
      fields[path] = ['Unknown setting.'];
      continue;
    }
    const keySchema = (group.schema.properties as Record<string, TSchema>)[key] as TSchema;
    // Sent by property, merged into what is held (mergeChange): each property sent must be right.
    const expected = mergesByProperty(keySchema, value) ? Type.Partial(keySchema as TObject) : keySchema;
    Object.assign(fields, problemsOfValue(expected, value, path));
  }
  return fields;
}

/** A stored value still fits its key's schema (a plugin update may have narrowed it). */
export function fitsSetting(group: SettingsGroup, key: string, value: unknown): boolean {
  const keySchema = (group.schema.properties as Record<string, TSchema>)[key];
  return keySchema !== undefined && Value.Check(keySchema, value);
}
