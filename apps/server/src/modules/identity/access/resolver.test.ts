import { describe, expect, it } from 'vitest';
import { Access } from '../../../core/access/access.js';
import { PermissionCatalogue } from '../../../core/access/permission-catalogue.js';
import { registerCorePermissions } from '../permissions.js';

function catalogue() {
  const c = new PermissionCatalogue();
  registerCorePermissions(c);
  return c;
}

describe('Access', () => {
  it('separates own items from everyone else’s for ownable permissions', () => {
    const author = new Access(7, false, new Set(['posts.edit', 'posts.view']), catalogue());
    expect(author.allowsOn('posts.edit', 7)).toBe(true);
    expect(author.allowsOn('posts.edit', 8)).toBe(false);
    const editor = new Access(9, false, new Set(['posts.edit', 'posts.edit_others']), catalogue());
    expect(editor.allowsOn('posts.edit', 7)).toBe(true);
    expect(editor.allowsOn('posts.edit', 9)).toBe(true);
  });

  it('treats non-ownable permissions as plain grants', () => {
    const access = new Access(1, false, new Set(['media.view']), catalogue());
    expect(access.allowsOn('media.view', 2)).toBe(true);
  });

  it('ignores granted ids the catalogue does not know (a plugin that was removed)', () => {
    const access = new Access(1, false, new Set(['posts.view', 'shop.orders']), catalogue());
    expect(access.allows('shop.orders')).toBe(false);
    expect(access.permissions()).toEqual(['posts.view']);
  });
});

describe('PermissionCatalogue', () => {
  it('holds more than 40 permissions including every one spec 2.7 names, grouped by area', () => {
    const c = catalogue();
    expect(c.all().length).toBeGreaterThan(40);
    for (const id of [
      'pages.publish',
      'posts.delete',
      'media.upload',
      'users.delete',
      'roles.edit',
      'settings.edit',
      'plugins.manage',
      'themes.manage',
    ]) {
      expect(c.has(id), id).toBe(true);
    }
    const areas = c.grouped().map((g) => g.area);
    expect(areas).toEqual([...areas].sort());
  });

  it('lets plugins register their own and refuses duplicates and malformed ids', () => {
    const c = catalogue();
    c.register('products.manage', 'Manage products', { owner: 'ecommerce' });
    expect(c.grouped().find((g) => g.area === 'products')?.permissions[0]).toMatchObject({
      owner: 'ecommerce',
    });
    expect(() => c.register('products.manage', 'again')).toThrow(/already/);
    expect(() => c.register('Products', 'bad')).toThrow(/form/);
  });
});
