import { describe, expect, it } from 'vitest';
import { currentItem, navigationFor, withPluginScreens } from './navigation.js';

const everything = () => true;

describe("plugins' screens in the navigation", () => {
  it('go at the end of the group they name, or under their own heading last, for those holding the permission', () => {
    const core = navigationFor(everything);
    const items = withPluginScreens(
      core,
      [
        { path: '/plugins/shop/orders', text: 'Orders', permission: 'shop.orders', group: 'content' },
        {
          path: '/plugins/guestbook/moderation',
          text: 'Guestbook',
          permission: 'guestbook.moderate',
          group: 'plugins',
        },
        { path: '/plugins/shop/reports', text: 'Sales', permission: 'shop.reports', group: 'plugins' },
      ],
      (permission) => permission !== 'shop.reports',
    );
    const lastContent = core.findLastIndex((item) => item.group === 'content');
    expect(items[lastContent + 1]).toMatchObject({
      path: '/plugins/shop/orders',
      text: 'Orders',
      group: 'content',
    });
    expect(items.at(-1)).toMatchObject({ path: '/plugins/guestbook/moderation', group: 'plugins' });
    expect(items.map((item) => item.path)).not.toContain('/plugins/shop/reports');
    expect(items).toHaveLength(core.length + 2);
  });
});

describe('the entry of the screen shown', () => {
  it('is the longest path the address is or starts, so a plugin screen is not the Plugins screen too', () => {
    const items = withPluginScreens(
      navigationFor(everything),
      [{ path: '/plugins/shop/orders', text: 'Orders', permission: 'shop.orders', group: 'plugins' }],
      everything,
    );
    expect(currentItem(items, '/plugins/shop/orders')).toBe('/plugins/shop/orders');
    expect(currentItem(items, '/plugins/shop/orders/12')).toBe('/plugins/shop/orders');
    expect(currentItem(items, '/plugins')).toBe('/plugins');
    expect(currentItem(items, '/content/post/12')).toBe('/content/post');
    expect(currentItem(items, '/')).toBe('/');
    expect(currentItem(items, '/profile')).toBeNull();
  });
});
