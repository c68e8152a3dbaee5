import { type Static, Type } from '@sinclair/typebox';
import { createElement as h, type ReactElement } from 'react';
import { defineBlock } from '../block.js';
import { classes, useBlockEnvironment } from '../context.js';
import { ColorValue, cssColor } from '../responsive.js';
import { arcPath, linear, niceScale, round } from './chart-geometry.js';

const ChartProps = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('column'),
        Type.Literal('bar'),
        Type.Literal('line'),
        Type.Literal('pie'),
        Type.Literal('donut'),
      ],
      { default: 'column' },
    ),
    title: Type.String({ minLength: 1, maxLength: 200, default: 'Chart' }),
    description: Type.String({ maxLength: 500, default: '' }),
    labels: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 50, default: ['Q1', 'Q2', 'Q3', 'Q4'] }),
    series: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1, maxLength: 60 }),
          values: Type.Array(Type.Number({ minimum: -1e12, maximum: 1e12 }), { maxItems: 50 }),
          color: Type.Optional(ColorValue),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 6, default: [{ name: 'Sales', values: [12, 19, 8, 15] }] },
    ),
    unit: Type.String({ maxLength: 12, default: '', description: 'After each value: %, €, kg' }),
    showValues: Type.Boolean({ default: true }),
    showLegend: Type.Boolean({ default: true }),
  },
  { additionalProperties: false },
);
type Chart = Static<typeof ChartProps>;

const WIDTH = 640;
const HEIGHT = 360;
const PLOT = { left: 56, right: 16, top: 20, bottom: 44 };

/**
 * A chart drawn on the server as SVG: columns, bars, lines, a pie or a donut, from the labels and
 * up to six series. Screen readers get its title and a summary, and everyone a table of the data
 * under it; the colours are the theme's chart tokens unless a series names its own.
 */
export const chart = defineBlock({
  type: 'chart',
  category: 'data',
  label: 'Chart',
  icon: 'chart-bar',
  props: ChartProps,
  children: 'none',
  refine: (props) =>
    props.series.flatMap((series, i) =>
      series.values.length > props.labels.length
        ? [
            {
              path: `series.${i}.values`,
              message: `${series.values.length} values for ${props.labels.length} labels.`,
            },
          ]
        : [],
    ),
  component: function ChartBlock({ block, props }) {
    const assets = useBlockEnvironment().assets;
    const id = (part: string) => `tb-chart-${block.id}-${part}`;
    // A series' own colour becomes a class of the page's stylesheet; the others take the palette.
    const colour = (i: number, own: string | undefined) =>
      classes(
        `tb-chart__c${(i % 6) + 1}`,
        own && assets?.className({ mobile: { fill: cssColor(own), stroke: cssColor(own) } }),
      );
    const values = props.series.flatMap((series) => series.values);
    const summary = describe(props, values);
    const drawing = props.kind === 'pie' || props.kind === 'donut' ? pie(props, colour) : axes(props, colour);
    return h(
      'figure',
      { className: `tb-chart tb-chart--${props.kind}` },
      h(
        'svg',
        {
          xmlns: 'http://www.w3.org/2000/svg',
          viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
          role: 'img',
          'aria-labelledby': `${id('title')} ${id('desc')}`,
          className: 'tb-chart__svg',
        },
        h('title', { id: id('title') }, props.title),
        h('desc', { id: id('desc') }, props.description ? `${props.description} ${summary}` : summary),
        drawing,
      ),
      props.showLegend && (props.series.length > 1 || props.kind === 'pie' || props.kind === 'donut')
        ? legend(props, colour)
        : null,
      h(
        'figcaption',
        null,
        h('span', { className: 'tb-chart__title' }, props.title),
        h('details', { className: 'tb-chart__data' }, h('summary', null, 'Data'), table(props)),
      ),
    );
  },
});

function label(value: number, unit: string): string {
  return `${round(value)}${unit}`;
}

function describe(props: Chart, values: number[]): string {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 'No data.';
  const series = props.series.length === 1 ? '1 series' : `${props.series.length} series`;
  return `${series} over ${props.labels.length} labels, from ${label(Math.min(...finite), props.unit)} to ${label(Math.max(...finite), props.unit)}.`;
}

/** Columns, bars or lines over a value axis with round ticks and a zero baseline. */
function axes(props: Chart, colour: (i: number, own: string | undefined) => string): ReactElement {
  const scale = niceScale(props.series.flatMap((series) => series.values));
  const horizontal = props.kind === 'bar';
  const count = Math.max(1, props.labels.length);
  // Horizontal bars carry their labels on the left: room for the longest, within reason.
  const longest = Math.max(0, ...props.labels.map((text) => text.length));
  const x0 = horizontal ? Math.min(220, Math.max(PLOT.left, 16 + longest * 7.5)) : PLOT.left;
  const x1 = WIDTH - PLOT.right;
  const y0 = PLOT.top;
  const y1 = HEIGHT - PLOT.bottom;
  // The value axis: up the left side, or along the bottom for horizontal bars.
  const value = horizontal ? linear(scale.min, scale.max, x0, x1) : linear(scale.min, scale.max, y1, y0);
  const bandLength = ((horizontal ? y1 - y0 : x1 - x0) / count) as number;
  const band = (i: number) => (horizontal ? y0 : x0) + i * bandLength;
  const parts: ReactElement[] = [];
  scale.ticks.forEach((tick, i) => {
    const at = value(tick);
    parts.push(
      horizontal
        ? h('line', { key: `g${i}`, className: 'tb-chart__grid', x1: at, y1: y0, x2: at, y2: y1 })
        : h('line', { key: `g${i}`, className: 'tb-chart__grid', x1: x0, y1: at, x2: x1, y2: at }),
      horizontal
        ? h('text', { key: `t${i}`, x: at, y: y1 + 18, textAnchor: 'middle' }, label(tick, props.unit))
        : h('text', { key: `t${i}`, x: x0 - 8, y: at + 4, textAnchor: 'end' }, label(tick, props.unit)),
    );
  });
  props.labels.forEach((text, i) => {
    const middle = round(band(i) + bandLength / 2);
    parts.push(
      horizontal
        ? h('text', { key: `l${i}`, x: x0 - 8, y: middle + 4, textAnchor: 'end' }, text)
        : h('text', { key: `l${i}`, x: middle, y: y1 + 20, textAnchor: 'middle' }, text),
    );
  });
  const zero = value(0);
  if (props.kind === 'line') {
    props.series.forEach((series, s) => {
      const points = series.values.map((v, i) => ({ x: round(band(i) + bandLength / 2), y: value(v), v }));
      parts.push(
        h('polyline', {
          key: `s${s}`,
          className: classes('tb-chart__line', colour(s, series.color)),
          points: points.map((p) => `${p.x},${p.y}`).join(' '),
        }),
        ...points.map((p, i) =>
          h('circle', { key: `p${s}-${i}`, className: colour(s, series.color), cx: p.x, cy: p.y, r: 4 }),
        ),
        ...(props.showValues
          ? points.map((p, i) =>
              h(
                'text',
                { key: `v${s}-${i}`, x: p.x, y: p.y - 9, textAnchor: 'middle' },
                label(p.v, props.unit),
              ),
            )
          : []),
      );
    });
  } else {
    const group = bandLength * 0.8;
    const thickness = group / props.series.length;
    props.series.forEach((series, s) => {
      series.values.forEach((v, i) => {
        const along = round(band(i) + bandLength * 0.1 + s * thickness);
        const end = value(v);
        const [from, to] = end < zero ? [end, zero] : [zero, end];
        parts.push(
          horizontal
            ? h('rect', {
                key: `b${s}-${i}`,
                className: colour(s, series.color),
                x: from,
                y: along,
                width: round(to - from),
                height: round(thickness),
              })
            : h('rect', {
                key: `b${s}-${i}`,
                className: colour(s, series.color),
                x: along,
                y: from,
                width: round(thickness),
                height: round(to - from),
              }),
        );
        if (props.showValues)
          parts.push(
            horizontal
              ? h(
                  'text',
                  {
                    key: `v${s}-${i}`,
                    x: v < 0 ? end - 6 : end + 6,
                    y: round(along + thickness / 2 + 4),
                    textAnchor: v < 0 ? 'end' : 'start',
                  },
                  label(v, props.unit),
                )
              : h(
                  'text',
                  {
                    key: `v${s}-${i}`,
                    x: round(along + thickness / 2),
                    y: v < 0 ? end + 16 : end - 6,
                    textAnchor: 'middle',
                  },
                  label(v, props.unit),
                ),
          );
      });
    });
  }
  parts.push(
    horizontal
      ? h('line', { key: 'axis', className: 'tb-chart__axis', x1: zero, y1: y0, x2: zero, y2: y1 })
      : h('line', { key: 'axis', className: 'tb-chart__axis', x1: x0, y1: zero, x2: x1, y2: zero }),
  );
  return h('g', null, ...parts);
}

/** The first series as slices of a pie or a donut; what is zero or below takes no slice. */
function pie(props: Chart, colour: (i: number, own: string | undefined) => string): ReactElement {
  const values = (props.series[0]?.values ?? []).map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = values.reduce((sum, v) => sum + v, 0);
  const cx = WIDTH / 2;
  const cy = HEIGHT / 2;
  const outer = HEIGHT / 2 - 16;
  const inner = props.kind === 'donut' ? outer * 0.58 : 0;
  if (total === 0) return h('text', { x: cx, y: cy, textAnchor: 'middle' }, 'No data');
  const parts: ReactElement[] = [];
  let start = 0;
  values.forEach((v, i) => {
    if (v === 0) return;
    const end = start + (v / total) * Math.PI * 2;
    parts.push(
      h('path', {
        key: `s${i}`,
        className: colour(i, undefined),
        d: arcPath(cx, cy, outer, inner, start, end),
      }),
    );
    if (props.showValues && v / total >= 0.05) {
      const middle = (start + end) / 2;
      const radius = inner > 0 ? (outer + inner) / 2 : outer * 0.62;
      parts.push(
        h(
          'text',
          {
            key: `v${i}`,
            className: 'tb-chart__slice-label',
            x: round(cx + radius * Math.sin(middle)),
            y: round(cy - radius * Math.cos(middle) + 5),
            textAnchor: 'middle',
          },
          `${Math.round((v / total) * 100)}%`,
        ),
      );
    }
    start = end;
  });
  return h('g', null, ...parts);
}

function legend(props: Chart, colour: (i: number, own: string | undefined) => string): ReactElement {
  const pieLike = props.kind === 'pie' || props.kind === 'donut';
  const entries = pieLike
    ? props.labels.map((name, i) => ({ name, className: colour(i, undefined) }))
    : props.series.map((series, i) => ({ name: series.name, className: colour(i, series.color) }));
  return h(
    'ul',
    { className: 'tb-chart__legend', 'aria-hidden': true },
    ...entries.map((entry, i) =>
      h(
        'li',
        { key: i },
        h(
          'svg',
          { width: 12, height: 12, viewBox: '0 0 12 12' },
          h('rect', { className: entry.className, width: 12, height: 12, rx: 2 }),
        ),
        ` ${entry.name}`,
      ),
    ),
  );
}

function table(props: Chart): ReactElement {
  return h(
    'table',
    null,
    h('caption', null, props.title),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('td', null),
        ...props.series.map((series, i) => h('th', { key: i, scope: 'col' }, series.name)),
      ),
    ),
    h(
      'tbody',
      null,
      ...props.labels.map((text, row) =>
        h(
          'tr',
          { key: row },
          h('th', { scope: 'row' }, text),
          ...props.series.map((series, i) => {
            const v = series.values[row];
            return h('td', { key: i }, v === undefined ? '—' : label(v, props.unit));
          }),
        ),
      ),
    ),
  );
}
