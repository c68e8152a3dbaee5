import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { problemsOfChange, SettingsRegistry } from './settings-registry.js';

const Shop = Type.Object({
  currency: Type.Union([Type.Literal('EUR'), Type.Literal('USD')]),
  low_stock: Type.Integer({ minimum: 0, maximum: 1000 }),
  tags: Type.Array(Type.String({ maxLength: 5 }), { maxItems: 3 }),
  api_key: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
});
const defaults = { currency: 'EUR' as const, low_stock: 5, tags: [], api_key: null };

function registry(): SettingsRegistry {
  const settings = new SettingsRegistry();
  settings.register('shop', Shop, defaults, { owner: 'ecommerce', secrets: ['api_key'] });
  return settings;
}

describe('SettingsRegistry', () => {
  it('keeps each group with its schema, defaults and secrets', () => {
    const group = registry().get('shop');
    expect(group).toMatchObject({ name: 'shop', owner: 'ecommerce', defaults });
    expect([...(group?.secrets ?? [])]).toEqual(['api_key']);
  });

  it('refuses a second group of the same name, bad names, defaults the schema refuses and odd secrets', () => {
    const settings = registry();
    expect(() => settings.register('shop', Shop, defaults)).toThrow(/already registered/);
    expect(() => settings.register('Shop!', Shop, defaults)).toThrow(/a-z/);
    expect(() => settings.register('shop2', Shop, { ...defaults, low_stock: -1 })).toThrow(/defaults/);
    // A secret must accept a string (to set it) and null (to clear it).
    expect(() => settings.register('shop3', Shop, defaults, { secrets: ['low_stock'] })).toThrow(/Secret/);
  });

  it('reports unknown keys, prototype names included, and bad values per key path', () => {
    const group = registry().get('shop');
    if (!group) throw new Error('no group');
    expect(
      problemsOfChange(group, {
        currency: 'GBP',
        low_stock: 1001,
        tags: ['ok', 'too long', 'a', 'b'],
        colour: 'red',
        constructor: 1,
        __proto__: 2,
      }),
    ).toEqual({
      'shop.currency': ['Must be one of the allowed values.'],
      'shop.low_stock': ['Must be at most 1000.'],
      'shop.tags': ['Must have at most 3 items.'],
      'shop.tags.1': ['Must be at most 5 characters.'],
      'shop.colour': ['Unknown setting.'],
      'shop.constructor': ['Unknown setting.'],
    });
    expect(problemsOfChange(group, { low_stock: '3' })).toEqual({
      'shop.low_stock': ['Must be of type integer.'],
    });
    expect(problemsOfChange(group, { low_stock: 3, api_key: null })).toEqual({});
  });
});
