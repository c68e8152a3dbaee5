import { i18next } from '../index.js';

/** What a description needs of a content type: its slug, its labels and whether Tessera made it. */
export interface DescribedType {
  slug: string;
  singular_label: string;
  plural_label: string;
  builtin: boolean;
}

/**
 * What a permission lets a role do, in the interface's language: Tessera's own by their id, a
 * content type's by their action with the type's name; a plugin's in the words the plugin gave, and
 * every one in English as the server describes it (its words come only with another language).
 */
export function permissionText(
  permission: { id: string; description: string },
  types: readonly DescribedType[],
): string {
  const [area = '', action = ''] = permission.id.split('.');
  const core = `fromServer.permissions.core.${area}.${action}`;
  if (i18next.exists(core)) return i18next.t(core);
  const ofType = `fromServer.permissions.contentType.${action}`;
  const type = types.find((each) => each.slug === area && !each.builtin);
  if (type && i18next.exists(ofType)) return i18next.t(ofType, { label: type.plural_label.toLowerCase() });
  return permission.description;
}

/**
 * What a webhook event says happened, in the interface's language: an entry's by its action with
 * the type's name (Tessera's own types in the interface's words), the others by their name; in
 * English as the server describes it.
 */
export function eventText(
  event: { name: string; description: string },
  types: readonly DescribedType[],
): string {
  const at = event.name.lastIndexOf('.');
  const resource = event.name.slice(0, at);
  const action = event.name.slice(at + 1);
  const other = `fromServer.events.other.${resource}.${action}`;
  if (i18next.exists(other)) return i18next.t(other);
  const ofEntry = `fromServer.events.entry.${action}`;
  const type = types.find((each) => each.slug === resource);
  if (type && i18next.exists(ofEntry)) {
    const name = type.builtin
      ? i18next.t(`types.${type.slug}`, { defaultValue: type.singular_label })
      : type.singular_label;
    return i18next.t(ofEntry, { type: name.toLowerCase() });
  }
  return event.description;
}
