import type { Static } from '@sinclair/typebox';
import type { SettingsGroup } from '../../core/settings/settings-registry.js';
import type { SettingsGroupSchema } from './schemas.js';

export type SettingsGroupSchemaView = Static<typeof SettingsGroupSchema>;

/**
 * A group as a form is built from it (GET /api/settings/schemas): the schema it was registered with,
 * which is JSON Schema already, and what the registry knows beside it (secrets, guarded keys).
 */
export function schemaOfGroup(group: SettingsGroup): SettingsGroupSchemaView {
  const { title, description } = group.schema;
  return {
    owner: group.owner,
    title: typeof title === 'string' ? title : null,
    description: group.description || (typeof description === 'string' ? description : null),
    schema: group.schema,
    secrets: [...group.secrets],
    guarded: { ...group.guarded },
  };
}
