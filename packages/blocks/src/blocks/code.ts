import { Type } from '@sinclair/typebox';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import sqlLanguage from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';
import { useBlockEnvironment } from '../context.js';

const LANGUAGES = {
  bash,
  css,
  javascript,
  json,
  markdown,
  php,
  python,
  sql: sqlLanguage,
  typescript,
  html: xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
type Language = keyof typeof LANGUAGES | 'plain';

/**
 * Source code, highlighted on the server (highlight.js, which escapes the code itself): the page
 * gets coloured spans and no script.
 */
export const code = defineBlock({
  type: 'code',
  category: 'content',
  label: 'Code',
  icon: 'code',
  props: Type.Object(
    {
      code: Type.String({ maxLength: 50_000, default: '' }),
      language: Type.Union(
        (['plain', ...Object.keys(LANGUAGES)] as Language[]).map((name) => Type.Literal(name)),
        { default: 'plain' },
      ),
      caption: Type.String({ maxLength: 300, default: '', description: 'A file name or a title' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) => {
    const highlighted =
      props.language === 'plain'
        ? null
        : hljs.highlight(props.code, { language: props.language, ignoreIllegals: true }).value;
    return h(
      'figure',
      { className: 'tb-code' },
      props.caption ? h('figcaption', null, props.caption) : null,
      h(
        'pre',
        { tabIndex: 0 },
        highlighted === null
          ? h('code', null, props.code)
          : h('code', {
              className: `hljs language-${props.language}`,
              // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the code and adds only its own spans
              dangerouslySetInnerHTML: { __html: highlighted },
            }),
      ),
    );
  },
});

/** The site's logo (or its name) linking home: for headers and footers built from blocks. */
export const logo = defineBlock({
  type: 'logo',
  category: 'media',
  label: 'Logo',
  icon: 'brand',
  props: Type.Object(
    {
      showName: Type.Boolean({ default: true, description: "The site's name beside the logo" }),
      height: Type.Integer({ minimum: 16, maximum: 200, default: 40, description: 'In px' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: function LogoBlock({ props }) {
    const site = useBlockEnvironment().site;
    if (!site) return null;
    return h(
      'a',
      { className: 'tb-logo', href: site.homeUrl },
      site.logoUrl
        ? h('img', { src: site.logoUrl, alt: props.showName ? '' : site.name, height: props.height })
        : null,
      props.showName || !site.logoUrl ? h('span', null, site.name) : null,
    );
  },
});
