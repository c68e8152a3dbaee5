/**
 * Where a visitor returns after signing in (`/account/sign-in?next=/2026/12/winter-log`, as the
 * members-only notice links): a path of this site only, never another host (`//evil.test`,
 * `/\evil.test`, a scheme), so the link cannot send anyone elsewhere after they sign in.
 */
export function nextPage(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : null;
}
