import type { PermissionGroup } from './queries.js';

export interface MatrixCell {
  id: string;
  description: string;
}

/** One area of the catalogue (posts, media, a custom type, a plugin's): its permissions by action. */
export interface MatrixRow {
  area: string;
  cells: Map<string, MatrixCell>;
}

/**
 * Actions in the order people read them: seeing, making, changing, removing, then the rest. Manage
 * comes second: most areas have only it, and their box then sits beside the area's name.
 */
const ACTION_ORDER = [
  'view',
  'manage',
  'create',
  'edit',
  'edit_others',
  'delete',
  'delete_others',
  'publish',
  'publish_others',
  'upload',
  'review',
  'moderate',
  'send',
];

/**
 * Content first (custom types right after posts), then what surrounds it, then people and access,
 * then the site's configuration; areas this list does not know (plugins') come last.
 */
const AREA_ORDER = [
  'pages',
  'posts',
  '*custom',
  'content',
  'media',
  'comments',
  'taxonomies',
  'menus',
  'patterns',
  'widgets',
  'redirects',
  'translations',
  'analytics',
  'activity',
  'users',
  'roles',
  'tokens',
  'account',
  'settings',
  'branding',
  'themes',
  'plugins',
  'content_types',
  'email_templates',
  'newsletter',
  'webhooks',
  'sites',
  'jobs',
];

function rank(order: readonly string[], key: string): number {
  const at = order.indexOf(key);
  return at === -1 ? order.length : at;
}

/** The catalogue as a grid: rows by area, columns the union of the actions, known ones first. */
export function matrixOf(
  groups: readonly PermissionGroup[],
  customTypes: readonly string[],
): { actions: string[]; rows: MatrixRow[] } {
  const areaRank = (area: string) =>
    customTypes.includes(area) ? rank(AREA_ORDER, '*custom') : rank(AREA_ORDER, area);
  const rows = groups
    .map((group) => ({
      area: group.area,
      cells: new Map(
        group.permissions.map((permission) => [
          permission.id.slice(permission.id.indexOf('.') + 1),
          { id: permission.id, description: permission.description },
        ]),
      ),
    }))
    .sort((a, b) => areaRank(a.area) - areaRank(b.area) || a.area.localeCompare(b.area));
  const actions = [...new Set(rows.flatMap((row) => [...row.cells.keys()]))].sort(
    (a, b) => rank(ACTION_ORDER, a) - rank(ACTION_ORDER, b) || a.localeCompare(b),
  );
  return { actions, rows };
}

/** `email_templates` → "Email templates": the name of an area or action no translation knows. */
export function humanize(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
