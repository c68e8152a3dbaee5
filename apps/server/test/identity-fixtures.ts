import type { FastifyInstance } from 'fastify';
import { readJson } from '../src/core/db/engine.js';
import type { Runtime } from '../src/core/runtime.js';
import '../src/core/activity/tables.js';
import { identityOf } from '../src/modules/identity/identity.js';
import { hashPassword } from '../src/modules/identity/password/passwords.js';
import { createDefaultRoles } from '../src/modules/identity/roles/default-roles-provision.js';
import { UsersRepo } from '../src/modules/identity/users/repo.js';
import { MembersRepo, membershipsOfUser } from '../src/modules/identity/users/repo-members.js';
import { seedSite } from './harness.js';

export const PASSWORD = 'correct horse battery staple';

/** A site with the default roles, answering on `domain`. */
export async function seedSiteWithRoles(
  runtime: Runtime,
  domain = 'example.test',
): Promise<{ siteId: number; roles: Map<string, number> }> {
  identityOf(runtime);
  const siteId = await seedSite(runtime, domain);
  const roles = await createDefaultRoles(runtime.data, siteId);
  return { siteId, roles };
}

/** A user with `role` on the site (`super_admin` also sets the global flag). */
export async function seedUser(
  runtime: Runtime,
  siteId: number,
  roles: Map<string, number>,
  input: { email: string; role: string; password?: string; name?: string },
): Promise<number> {
  const at = new Date().toISOString();
  const userId = await new UsersRepo(runtime.data.global).insert({
    email: input.email,
    displayName: input.name ?? input.email.split('@')[0] ?? 'User',
    passwordHash: await hashPassword(input.password ?? PASSWORD),
    locale: 'en',
    isSuperAdmin: input.role === 'super_admin',
    at,
  });
  const roleId = roles.get(input.role);
  if (roleId === undefined) throw new Error(`No role ${input.role}`);
  await new MembersRepo(runtime.data.site(siteId)).assign(userId, roleId, at);
  return userId;
}

/**
 * A fresh API token for a user, optionally limited to some permissions. It works on `siteId`
 * (default: the user's first site); null makes it installation-wide.
 */
export async function seedToken(
  runtime: Runtime,
  userId: number,
  permissions: string[] | null = null,
  expiresAt: string | null = null,
  siteId?: number | null,
): Promise<string> {
  const site = siteId === undefined ? await firstSiteOf(runtime, userId) : siteId;
  const { token } = await identityOf(runtime).tokens.create({
    userId,
    siteId: site,
    name: 'test',
    permissions,
    expiresAt,
  });
  return token;
}

async function firstSiteOf(runtime: Runtime, userId: number): Promise<number> {
  const [first] = await membershipsOfUser(runtime.data, userId);
  if (!first) throw new Error(`User ${userId} belongs to no site: give seedToken a site`);
  return first.site_id;
}

/** A user who belongs to no site (a token of theirs bound to a site can still call its API). */
export async function seedOutsider(runtime: Runtime, email: string): Promise<number> {
  return new UsersRepo(runtime.data.global).insert({
    email,
    displayName: email.split('@')[0] ?? 'Outsider',
    passwordHash: await hashPassword(PASSWORD),
    locale: 'en',
    isSuperAdmin: false,
    at: new Date().toISOString(),
  });
}

/** The default roles plus a non-member, each with an API token, as the access matrix needs them. */
export const MATRIX_ACTORS = ['super_admin', 'admin', 'editor', 'author', 'contributor', 'outsider'] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];

export async function seedMatrix(
  runtime: Runtime,
  siteId: number,
  roles: Map<string, number>,
  domain: string,
): Promise<Record<MatrixActor, { id: number; email: string; token: string }>> {
  const seeded: Partial<Record<MatrixActor, { id: number; email: string; token: string }>> = {};
  for (const actor of MATRIX_ACTORS) {
    const email = `${actor}@${domain}`;
    const id =
      actor === 'outsider'
        ? await seedOutsider(runtime, email)
        : await seedUser(runtime, siteId, roles, { email, role: actor });
    seeded[actor] = { id, email, token: await seedToken(runtime, id, null, null, siteId) };
  }
  return seeded as Record<MatrixActor, { id: number; email: string; token: string }>;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Signs in through POST /api/auth/login: the cookie header and CSRF token a session request sends. */
export async function signIn(
  app: FastifyInstance,
  host: string,
  email: string,
  password = PASSWORD,
): Promise<{ cookie: string; csrf: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { email, password },
  });
  const session = res.cookies.find((c) => c.name === 'tessera_session');
  if (res.statusCode !== 200 || !session) {
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  }
  return { cookie: `tessera_session=${session.value}`, csrf: res.json().data.csrf_token };
}

/** The activity rows of a site, oldest first, with details parsed. */
export async function activityOf(runtime: Runtime, siteId: number, action?: string) {
  let query = runtime.data.site(siteId).selectFrom('activity_log').selectAll().orderBy('id');
  if (action) query = query.where('action', '=', action);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, details: readJson<Record<string, unknown>>(row.details, {}) }));
}
