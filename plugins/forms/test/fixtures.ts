import { expect } from 'vitest';
import type { ContentSite } from '../../../apps/server/test/content-fixtures.js';

/** What the forms' tests share. */

/** A contact form's fields: a name, an email, a group of boxes and a message. */
export const contactFields = [
  { name: 'name', type: 'text', label: 'Name', required: true },
  { name: 'email', type: 'email', label: 'Email', required: true },
  {
    name: 'topics',
    type: 'checkbox',
    label: 'Topics',
    options: [
      { value: 'boats', label: 'Boats' },
      { value: 'nets', label: 'Nets' },
    ],
  },
  { name: 'message', type: 'textarea', label: 'Message', required: true },
];

/** Grants one of the site's default roles a permission more, as an Admin does in the roles screen. */
export async function grant(site: ContentSite, role: string, permission: string): Promise<void> {
  const roles = (await site.call('admin', 'GET', '/api/roles')).json().data as Array<{
    id: number;
    slug: string;
    permissions: string[];
  }>;
  const found = roles.find((each) => each.slug === role);
  const granted = await site.call('admin', 'PUT', `/api/roles/${found?.id}`, {
    permissions: [...(found?.permissions ?? []), permission],
  });
  expect(granted.statusCode, granted.body).toBe(200);
}
