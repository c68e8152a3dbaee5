import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { useBlockEnvironment } from '../context.js';

/**
 * Where the page sits in the site: home, its ancestors, itself (current, not a link), with the
 * BreadcrumbList structured data search engines read.
 */
export const breadcrumb = defineBlock({
  type: 'breadcrumb',
  category: 'navigation',
  label: 'Breadcrumb',
  icon: 'chevrons-right',
  props: Type.Object(
    {
      homeLabel: Type.String({ minLength: 1, maxLength: 60, default: 'Home' }),
      showHome: Type.Boolean({ default: true }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function BreadcrumbBlock({ props }) {
    const environment = useBlockEnvironment();
    const trail = [
      ...(props.showHome && environment.site
        ? [{ label: props.homeLabel, url: environment.site.homeUrl }]
        : []),
      ...(environment.trail ?? []),
    ];
    if (trail.length < 2) return null;
    const base = environment.pageUrl ? new URL(environment.pageUrl).origin : '';
    const data = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: crumb.label,
        item: `${base}${crumb.url}`,
      })),
    };
    return h(
      'nav',
      { className: 'tb-breadcrumb', 'aria-label': 'Breadcrumb' },
      h(
        'ol',
        null,
        ...trail.map((crumb, i) =>
          h(
            'li',
            { key: i },
            i === trail.length - 1
              ? h('span', { 'aria-current': 'page' }, crumb.label)
              : h('a', { href: crumb.url }, crumb.label),
          ),
        ),
      ),
      h('script', {
        type: 'application/ld+json',
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data built here, with < escaped
        dangerouslySetInnerHTML: { __html: JSON.stringify(data).replace(/</g, '\\u003c') },
      }),
    );
  },
});
