/**
 * The database refusing a write for a constraint, told apart on both engines: better-sqlite3 gives
 * `SQLITE_CONSTRAINT_*` codes, PostgreSQL SQLSTATE 23xxx. Services check what they can first (a
 * taken email, a role in use); these catch the race where two requests pass the check together.
 */
export type ConstraintKind = 'unique' | 'foreign_key';

export function constraintViolation(error: unknown): ConstraintKind | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') return null;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign_key';
  return null;
}
