import { describe, expect, it } from 'vitest';
import type { PublicAnswer } from './answer.js';
import { PageRouter, type PageVisit } from './page-router.js';

/** A visit to `path` in the site's default language: the router reads only the address. */
function visit(pathInLanguage: string, path = pathInLanguage): PageVisit {
  return { path, pathInLanguage } as PageVisit;
}

const moved = (location: string): PublicAnswer => ({ status: 301, location });

describe('the public site router', () => {
  it('asks the routes claiming an address in the order they were added, the fallback last', async () => {
    const asked: string[] = [];
    const router = new PageRouter();
    router.get('/shop/cart', async () => {
      asked.push('cart');
      return null;
    });
    router.get(/^\/shop\/(.+)$/, async (_visit, [rest]) => {
      asked.push(`shop ${rest}`);
      return rest === 'cart' ? null : moved(`/elsewhere/${rest}`);
    });
    router.get('/about', async () => {
      asked.push('about');
      return moved('/team');
    });
    router.otherwise(async ({ path }) => {
      asked.push('entry');
      return moved(`/entry${path}`);
    });

    expect(await router.answer(visit('/shop/cart'))).toEqual(moved('/entry/shop/cart'));
    expect(asked).toEqual(['cart', 'shop cart', 'entry']);

    asked.length = 0;
    expect(await router.answer(visit('/shop/hat'))).toEqual(moved('/elsewhere/hat'));
    expect(asked).toEqual(['shop hat']);
  });

  it('matches the address within its language, and an exact path only as it is', async () => {
    const router = new PageRouter();
    router.get('/shop/cart', async () => moved('/cart'));
    expect(await router.answer(visit('/shop/cart', '/fr/shop/cart'))).toEqual(moved('/cart'));
    expect(await router.answer(visit('/shop/cart/'))).toBeNull();
    expect(await router.answer(visit('/shop'))).toBeNull();
  });

  it('gives a pattern route its groups, undefined where one took no part', async () => {
    const router = new PageRouter();
    const seen: Array<ReadonlyArray<string | undefined>> = [];
    router.get(/^\/(a)?\/?(b)$/, async (_visit, groups) => {
      seen.push(groups);
      return null;
    });
    await router.answer(visit('/a/b'));
    await router.answer(visit('/b'));
    expect(seen).toEqual([
      ['a', 'b'],
      [undefined, 'b'],
    ]);
  });
});
