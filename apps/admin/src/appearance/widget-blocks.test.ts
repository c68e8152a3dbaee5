import { describe, expect, it } from 'vitest';
import type { Widget } from './queries.js';
import { inZone, orderAfter, widgetErrors } from './widget-blocks.js';

const widget = (id: number, zone: string, position: number): Widget => ({
  id,
  zone,
  position,
  block: { id: `b${id}`, type: 'paragraph', props: {} },
  visibility: { show_on: 'everywhere', types: [], locales: [] },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describe('widgets of a zone', () => {
  it('orders a zone and moves one widget in it', () => {
    const all = [
      widget(1, 'footer', 1),
      widget(2, 'footer', 0),
      widget(3, 'sidebar', 0),
      widget(4, 'footer', 2),
    ];
    const footer = inZone(all, 'footer');
    expect(footer.map((each) => each.id)).toEqual([2, 1, 4]);
    expect(orderAfter(footer, 4, 0)).toEqual([4, 2, 1]);
    expect(orderAfter(footer, 2, 2)).toEqual([1, 4, 2]);
  });

  it("sorts the server's messages for the form", () => {
    expect(
      widgetErrors({
        'block.props.level': 'Must be at most 6.',
        'block.props.items[0].title': 'Required.',
        'block.type': 'Unknown block type.',
        zone: 'The theme has the widget zones footer.',
      }),
    ).toEqual({
      props: { level: 'Must be at most 6.', 'items.0.title': 'Required.' },
      block: ['Unknown block type.'],
      fields: { zone: 'The theme has the widget zones footer.' },
    });
  });
});
