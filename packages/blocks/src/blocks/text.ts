import { Type } from '@sinclair/typebox';
import { createElement as h } from 'react';
import { defineBlock } from '../block.js';

const Plain = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description ? { description } : {}) });

/** A bulleted or numbered list of plain-text items. */
export const list = defineBlock({
  type: 'list',
  category: 'content',
  label: 'List',
  icon: 'list',
  props: Type.Object(
    {
      items: Type.Array(Plain(1000), { maxItems: 200, default: [] }),
      ordered: Type.Boolean({ default: false }),
      start: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'First number of an ordered list' }),
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      props.ordered ? 'ol' : 'ul',
      {
        className: 'tb-list-block',
        ...(props.ordered && props.start !== undefined ? { start: props.start } : {}),
      },
      ...props.items.map((item, i) => h('li', { key: i }, item)),
    ),
});

/** A quotation with who said it and where. */
export const quote = defineBlock({
  type: 'quote',
  category: 'content',
  label: 'Quote',
  icon: 'quote',
  props: Type.Object(
    {
      text: Plain(5000),
      cite: Plain(300, 'Who said it'),
      source: Type.Optional(
        Type.String({ maxLength: 2000, pattern: '^https?://', description: 'Where it was said (a URL)' }),
      ),
      style: Type.Union([Type.Literal('plain'), Type.Literal('large')], { default: 'plain' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'figure',
      { className: `tb-quote tb-quote--${props.style}` },
      h('blockquote', props.source ? { cite: props.source } : null, h('p', null, props.text)),
      props.cite ? h('figcaption', null, '— ', props.cite) : null,
    ),
});

/** A data table: header row, rows of plain-text cells, a caption for screen readers and all. */
export const table = defineBlock({
  type: 'table',
  category: 'content',
  label: 'Table',
  icon: 'table',
  props: Type.Object(
    {
      caption: Plain(500),
      header: Type.Array(Plain(500), { maxItems: 20, default: [] }),
      rows: Type.Array(Type.Array(Plain(2000), { maxItems: 20 }), { maxItems: 500, default: [] }),
      firstColumnHeader: Type.Boolean({
        default: false,
        description: 'The first cell of each row names the row',
      }),
      striped: Type.Boolean({ default: true }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'div',
      { className: 'tb-table-wrap' },
      h(
        'table',
        { className: `tb-table${props.striped ? ' tb-table--striped' : ''}` },
        props.caption ? h('caption', null, props.caption) : null,
        props.header.length > 0
          ? h(
              'thead',
              null,
              h('tr', null, ...props.header.map((cell, i) => h('th', { key: i, scope: 'col' }, cell))),
            )
          : null,
        h(
          'tbody',
          null,
          ...props.rows.map((row, r) =>
            h(
              'tr',
              { key: r },
              ...row.map((cell, c) =>
                c === 0 && props.firstColumnHeader
                  ? h('th', { key: c, scope: 'row' }, cell)
                  : h('td', { key: c }, cell),
              ),
            ),
          ),
        ),
      ),
    ),
});

const Tone = Type.Union(
  [Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('danger')],
  {
    default: 'info',
  },
);

/** A highlighted message: information, success, a warning or a danger. */
export const alert = defineBlock({
  type: 'alert',
  category: 'content',
  label: 'Alert',
  icon: 'alert-circle',
  props: Type.Object(
    {
      tone: Tone,
      title: Plain(300),
      content: Type.String({ maxLength: 20_000, default: '', description: 'HTML, sanitized on save' }),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richText: ['content'],
  component: ({ props }) =>
    h(
      'div',
      {
        className: `tb-alert tb-alert--${props.tone}`,
        role: props.tone === 'danger' || props.tone === 'warning' ? 'note' : undefined,
      },
      props.title ? h('p', { className: 'tb-alert__title' }, props.title) : null,
      h('div', {
        className: 'tb-alert__content',
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist on save (richText)
        dangerouslySetInnerHTML: { __html: props.content },
      }),
    ),
});

/** A small label: "New", "Beta", a category. */
export const badge = defineBlock({
  type: 'badge',
  category: 'content',
  label: 'Badge',
  icon: 'tag',
  props: Type.Object(
    { text: Type.String({ minLength: 1, maxLength: 60, default: 'New' }), tone: Tone },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) => h('span', { className: `tb-badge tb-badge--${props.tone}` }, props.text),
});

/** Key figures: a number, its unit and what it counts. */
export const statistics = defineBlock({
  type: 'statistics',
  category: 'content',
  label: 'Statistics',
  icon: 'chart-bar',
  props: Type.Object(
    {
      items: Type.Array(
        Type.Object(
          {
            value: Type.String({ minLength: 1, maxLength: 40 }),
            label: Plain(200),
            detail: Type.Optional(Plain(300)),
          },
          { additionalProperties: false },
        ),
        { maxItems: 12, default: [] },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'dl',
      { className: 'tb-statistics' },
      ...props.items.map((item, i) =>
        h(
          'div',
          { key: i, className: 'tb-statistics__item' },
          h('dt', null, item.label),
          h('dd', { className: 'tb-statistics__value' }, item.value),
          item.detail ? h('dd', { className: 'tb-statistics__detail' }, item.detail) : null,
        ),
      ),
    ),
});

const Event = Type.Object(
  {
    date: Plain(60, 'As shown: "March 2024", "1887"'),
    title: Type.String({ minLength: 1, maxLength: 300 }),
    text: Plain(2000),
  },
  { additionalProperties: false },
);

/** Dated events in order, on a line. */
export const timeline = defineBlock({
  type: 'timeline',
  category: 'content',
  label: 'Timeline',
  icon: 'timeline',
  props: Type.Object(
    { events: Type.Array(Event, { maxItems: 100, default: [] }) },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'ol',
      { className: 'tb-timeline' },
      ...props.events.map((event, i) =>
        h(
          'li',
          { key: i },
          event.date ? h('p', { className: 'tb-timeline__date' }, event.date) : null,
          h('h3', { className: 'tb-timeline__title' }, event.title),
          event.text ? h('p', null, event.text) : null,
        ),
      ),
    ),
});

/** Numbered steps of a how-to. */
export const steps = defineBlock({
  type: 'steps',
  category: 'content',
  label: 'Steps',
  icon: 'list-numbers',
  props: Type.Object(
    {
      steps: Type.Array(
        Type.Object(
          { title: Type.String({ minLength: 1, maxLength: 300 }), text: Plain(2000) },
          { additionalProperties: false },
        ),
        { maxItems: 50, default: [] },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  component: ({ props }) =>
    h(
      'ol',
      { className: 'tb-steps' },
      ...props.steps.map((step, i) =>
        h(
          'li',
          { key: i },
          h('h3', { className: 'tb-steps__title' }, step.title),
          step.text ? h('p', null, step.text) : null,
        ),
      ),
    ),
});

/**
 * Questions and answers, open and close like an accordion, with the FAQPage structured data
 * search engines read (JSON-LD: data, not a script that runs).
 */
export const faq = defineBlock({
  type: 'faq',
  category: 'content',
  label: 'FAQ',
  icon: 'help',
  props: Type.Object(
    {
      items: Type.Array(
        Type.Object(
          {
            question: Type.String({ minLength: 1, maxLength: 500 }),
            answer: Type.String({ maxLength: 20_000, description: 'HTML, sanitized on save' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, default: [] },
      ),
    },
    { additionalProperties: false },
  ),
  children: 'none',
  richTextItems: { items: ['answer'] },
  component: ({ props }) => {
    const data = {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: props.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    };
    // `<` escaped so no answer can close the script element.
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return h(
      'div',
      { className: 'tb-faq' },
      ...props.items.map((item, i) =>
        h(
          'details',
          { key: i, className: 'tb-faq__item' },
          h('summary', null, item.question),
          h('div', {
            className: 'tb-faq__answer',
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist on save (richTextItems)
            dangerouslySetInnerHTML: { __html: item.answer },
          }),
        ),
      ),
      props.items.length > 0
        ? h('script', {
            type: 'application/ld+json',
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data built here, with < escaped
            dangerouslySetInnerHTML: { __html: json },
          })
        : null,
    );
  },
});
