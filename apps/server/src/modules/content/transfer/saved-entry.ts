import type { BlockDefinition } from '@tessera/blocks';
import { addFieldError, type FieldErrors } from '../../../core/errors.js';
import { checkBlockTree } from '../builder/block-tree.js';
import { splitDormantValues } from '../entries/plugin-values.js';
import { type FieldDefinition, type RelationRefs, validateFieldValues } from '../fields/index.js';
import { sanitizeRichTextValues } from '../fields/richtext-values.js';
import { type ContentType, entryFields } from '../types/content-type.js';
import type { ExportedEntryRow } from './format.js';

type BlockTypes = ReadonlyMap<string, BlockDefinition>;

/** What an import checks an entry against: the site's type of that slug, or the file's. */
export interface PlannedType {
  fields: unknown[];
  /** The site's type's plugin fields; a type only the file has has none. */
  plugin_fields?: unknown[];
  taxonomies: string[];
  hierarchical: boolean;
  uses_builder: boolean;
  plural_label: string;
}

/**
 * An exported entry as a save through the API would store it, its faults added to `errors` under
 * `at` (`entries[3]`). The working copy goes through what EntryWriter runs: validateFieldValues
 * (values normalized, richtext sanitized) and checkBlockTree (blocks checked, their HTML props
 * sanitized). The published state and the revisions get the same sanitizing, since the site renders
 * the published state's HTML as it is; their values are not validated, as they may predate a change
 * of the type's fields, but their blocks are (block types are the code's, not the site's). The
 * working copy's relation refs come back for the caller to check against the file.
 */
export function savedEntry(
  entry: ExportedEntryRow,
  type: PlannedType,
  at: string,
  errors: FieldErrors,
  /** The site's block types (PluginHost.blockRegistry). */
  blockTypes: BlockTypes,
): { entry: ExportedEntryRow; relations: RelationRefs[] } {
  const withPlugins = { fields: type.fields, plugin_fields: type.plugin_fields ?? [] } as Pick<
    ContentType,
    'fields' | 'plugin_fields'
  >;
  const definitions = entryFields(withPlugins);
  // Values of plugins not active here travel as they are, kept for when the plugin is.
  const { checked, dormant } = splitDormantValues(withPlugins, entry.fields, entry.fields);
  const validated = validateFieldValues(definitions, checked, { isNew: false });
  if (!validated.ok)
    for (const [path, messages] of Object.entries(validated.errors))
      for (const message of messages) addFieldError(errors, `${at}.${path}`, message);
  if (!type.uses_builder && entry.blocks.length > 0)
    addFieldError(
      errors,
      `${at}.blocks`,
      `${type.plural_label} are not laid out with blocks; send no blocks.`,
    );
  const revisions = entry.revisions?.map((revision, i) => ({
    ...revision,
    state: isRecord(revision.state)
      ? savedState(definitions, revision.state, `${at}.revisions[${i}].state`, errors, blockTypes)
      : revision.state,
  }));
  return {
    entry: {
      ...entry,
      fields: validated.ok ? { ...validated.values, ...dormant } : entry.fields,
      blocks: savedBlocks(entry.blocks, at, errors, blockTypes),
      live:
        entry.live === null ? null : savedState(definitions, entry.live, `${at}.live`, errors, blockTypes),
      ...(revisions ? { revisions } : {}),
    },
    relations: validated.ok ? validated.relations : [],
  };
}

function savedState(
  definitions: readonly FieldDefinition[],
  state: Record<string, unknown>,
  at: string,
  errors: FieldErrors,
  blockTypes: BlockTypes,
): Record<string, unknown> {
  return {
    ...state,
    ...(isRecord(state.fields) ? { fields: sanitizeRichTextValues(definitions, state.fields) } : {}),
    ...(state.blocks === undefined ? {} : { blocks: savedBlocks(state.blocks, at, errors, blockTypes) }),
  };
}

/** The blocks as checkBlockTree leaves them; its faults under `at` (`entries[3].live`). */
function savedBlocks(blocks: unknown, at: string, errors: FieldErrors, blockTypes: BlockTypes): unknown[] {
  const tree = checkBlockTree(blocks, blockTypes);
  if (tree.ok) return tree.tree;
  for (const [path, messages] of Object.entries(tree.errors))
    for (const message of messages) addFieldError(errors, `${at}.${path}`, message);
  return [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
