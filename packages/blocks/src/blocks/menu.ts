import { Type } from '@sinclair/typebox';
import { createElement as h, type ReactElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, type MenuLink, useBlockEnvironment } from '../context.js';

/**
 * A menu as a list of links, sub-menus behind a `details` disclosure after their parent's link:
 * opened with Enter or Space, by touch or click, announced as expandable, all without script. The
 * link of the page being shown says so (`aria-current`).
 */
export function MenuTree(props: {
  items: readonly MenuLink[];
  label: string;
  currentPath: string | null;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}): ReactElement | null {
  if (props.items.length === 0) return null;
  const list = (items: readonly MenuLink[], depth: number): ReactElement =>
    h(
      'ul',
      { className: depth === 0 ? 'tb-menu__list' : 'tb-menu__sub' },
      ...items.map((item, i) =>
        h(
          'li',
          {
            key: i,
            className: classes(
              'tb-menu__item',
              item.children.length > 0 && 'tb-menu__item--parent',
              item.className,
            ),
          },
          h(
            'a',
            {
              href: item.url,
              ...(item.target === '_blank' ? { target: '_blank' } : {}),
              ...(item.rel || item.target === '_blank'
                ? { rel: [item.rel, item.target === '_blank' ? 'noopener' : ''].filter(Boolean).join(' ') }
                : {}),
              ...(props.currentPath !== null && samePath(item.url, props.currentPath)
                ? { 'aria-current': 'page' }
                : {}),
            },
            item.label,
          ),
          item.children.length > 0
            ? h(
                'details',
                { className: 'tb-menu__more' },
                h(
                  'summary',
                  { 'aria-label': `${item.label}: more` },
                  h('span', { 'aria-hidden': true }, '▾'),
                ),
                list(item.children, depth + 1),
              )
            : null,
        ),
      ),
    );
  return h(
    'nav',
    {
      className: classes('tb-menu', `tb-menu--${props.orientation ?? 'horizontal'}`, props.className),
      'aria-label': props.label,
    },
    list(props.items, 0),
  );
}

function samePath(url: string, path: string): boolean {
  const bare = url.split(/[?#]/)[0] ?? '';
  return (
    bare !== '' && (bare === path || (bare.length > 1 && bare.replace(/\/$/, '') === path.replace(/\/$/, '')))
  );
}

/** The menu a theme location shows (`/api/menus`), where the page puts it. */
export const menu = defineBlock({
  type: 'menu',
  category: 'navigation',
  label: 'Menu',
  icon: 'menu',
  props: Type.Object(
    {
      location: Type.String({
        pattern: '^[a-z][a-z0-9_-]{0,39}$',
        default: 'primary',
        description: 'A theme location',
      }),
      orientation: Type.Union([Type.Literal('horizontal'), Type.Literal('vertical')], {
        default: 'horizontal',
      }),
      label: Type.String({
        maxLength: 100,
        default: 'Menu',
        description: 'What the navigation is called for screen readers',
      }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function MenuBlock({ props }) {
    const environment = useBlockEnvironment();
    const items = environment.menus?.[props.location] ?? [];
    return h(MenuTree, {
      items,
      label: props.label,
      currentPath: environment.currentPath ?? null,
      orientation: props.orientation,
      className: 'tb-menu-block',
    });
  },
});
