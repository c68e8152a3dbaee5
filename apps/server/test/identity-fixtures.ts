import type { Runtime } from '../src/core/runtime.js';
import { createDefaultRoles } from '../src/modules/identity/default-roles-provision.js';
import { identityOf } from '../src/modules/identity/identity.js';
import { hashPassword } from '../src/modules/identity/passwords.js';
import { MembersRepo } from '../src/modules/identity/repo-members.js';
import { UsersRepo } from '../src/modules/identity/repo-users.js';
import { seedSite } from './harness.js';

export const PASSWORD = 'correct horse battery staple';

/** A site with the default roles, answering on `domain`. */
export async function seedSiteWithRoles(runtime: Runtime, domain = 'example.test'): Promise<{ siteId: number; roles: Map<string, number> }> {
  identityOf(runtime);
  const siteId = await seedSite(runtime, domain);
  const roles = await createDefaultRoles(runtime.data, siteId, runtime.permissions);
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

/** A fresh API token for a user, optionally limited to some permissions. */
export async function seedToken(runtime: Runtime, userId: number, permissions: string[] | null = null, expiresAt: string | null = null): Promise<string> {
  const { token } = await identityOf(runtime).tokens.create({ userId, name: 'test', permissions, expiresAt });
  return token;
}
