import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/input-schemas.js';

/** A group's values; a secret reads `{ "set": true|false }`, never its value. */
export const SettingsValues = Type.Record(Type.String(), Type.Unknown(), {
  description: 'The keys of the group with their values; a secret reads { "set": true } or { "set": false }',
});

export const AllSettings = Type.Record(Type.String(), SettingsValues, {
  description:
    'Every registered group by name: general, reading, discussion, media, revisions, and those of plugins',
});

export const SettingsGroupParams = Type.Object(
  { group: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

// Keys and values are checked against the group's registered schema by the service (422 per key).
export const SettingsGroupBody = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Only the keys sent change; a secret takes a string to set it, null to clear it',
});

export const SettingsBody = Type.Record(Type.String(), SettingsGroupBody, {
  description: 'Changes by group name; all groups are applied together or not at all',
});

/** What a form for a group is built from: its JSON Schema and the keys the schema cannot mark. */
export const SettingsGroupSchema = Type.Object({
  owner: Type.String({ description: '"core", or the name of the plugin that defined the group' }),
  title: Nullable(Type.String(), "The schema's title"),
  description: Nullable(Type.String(), 'What the group is for'),
  schema: Type.Record(Type.String(), Type.Unknown(), {
    description:
      "JSON Schema of the group: an object with a property per key, each with its type, bounds (minimum, maximum, maxLength, maxItems), choices (enum, or anyOf of const), and title and description when given. `x-input` names an input a type cannot say: timeZone, locale (one of the site's languages), page (a published page's id), multiline, megabytes (bytes, entered in megabytes)",
  }),
  secrets: Type.Array(Type.String(), {
    description: 'Write-only keys: read back as { "set": true|false }, set with a string, cleared with null',
  }),
  guarded: Type.Record(Type.String(), Type.String(), {
    description: 'Keys that need a permission besides settings.edit to change, with that permission',
  }),
});

export const AllSettingsSchemas = Type.Record(Type.String(), SettingsGroupSchema, {
  description: 'Every registered group by name, as GET /api/settings lists them',
});
