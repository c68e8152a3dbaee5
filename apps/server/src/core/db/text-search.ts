import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Rows where any of `columns` holds `text`, in any letter case: an administrator's search box over
 * names and addresses. LIKE's wildcards typed into the box are matched as themselves (ESCAPE works
 * on both engines), so `%` finds a percent sign, not every row.
 */
export function containsText(columns: readonly string[], text: string): Expression<SqlBool> {
  const pattern = `%${likeLiteral(text.toLowerCase())}%`;
  const each = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

/**
 * `text` as a LIKE pattern matching itself: its `%`, `_` and `\` escaped with `\`, for a query
 * that says `escape '\'` (both engines). Add the wildcards around it: `${likeLiteral(prefix)}%`.
 */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
