import { i18next } from '../index.js';
import { en } from './messages.js';

/** What a description needs of a content type: its slug, its labels and whether Tessera made it. */
export interface DescribedType {
  slug: string;
  singular_label: string;
  plural_label: string;
  builtin: boolean;
}

function has(node: unknown, key: string): boolean {
  return typeof node === 'object' && node !== null && Object.hasOwn(node, key);
}

/**
 * What a permission lets a role do, in the interface's language: Tessera's own by their id, a
 * content type's by their action with the type's name; a plugin's in the words the plugin gave.
 */
export function permissionText(
  permission: { id: string; description: string },
  types: readonly DescribedType[],
): string {
  const [area = '', action = ''] = permission.id.split('.');
  const core = en.permissions.core as Record<string, object>;
  if (has(core[area], action)) return i18next.t(`fromServer.permissions.core.${area}.${action}`);
  const type = types.find((each) => each.slug === area && !each.builtin);
  if (type && has(en.permissions.contentType, action))
    return i18next.t(`fromServer.permissions.contentType.${action}`, {
      label: type.plural_label.toLowerCase(),
    });
  return permission.description;
}

/**
 * What a webhook event says happened, in the interface's language: an entry's by its action with
 * the type's name (Tessera's own types in the interface's words), the others by their name.
 */
export function eventText(
  event: { name: string; description: string },
  types: readonly DescribedType[],
): string {
  const at = event.name.lastIndexOf('.');
  const resource = event.name.slice(0, at);
  const action = event.name.slice(at + 1);
  const other = en.events.other as Record<string, object>;
  if (has(other[resource], action)) return i18next.t(`fromServer.events.other.${resource}.${action}`);
  const type = types.find((each) => each.slug === resource);
  if (type && has(en.events.entry, action)) {
    const name = type.builtin
      ? i18next.t(`types.${type.slug}`, { defaultValue: type.singular_label })
      : type.singular_label;
    return i18next.t(`fromServer.events.entry.${action}`, { type: name.toLowerCase() });
  }
  return event.description;
}
