import { Type } from '@sinclair/typebox';

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
