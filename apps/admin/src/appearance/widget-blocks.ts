import type { Block } from '../builder/tree.js';
import type { Widget } from './queries.js';

export const SHOW_ON = ['everywhere', 'home', 'entries', 'lists'] as const;
export type ShowOn = (typeof SHOW_ON)[number];

/** A widget's block, as the server stores it (one block, with its children). */
export function blockOf(widget: Widget): Block {
  return widget.block as Block;
}

/** The widgets of a zone, first shown first. */
export function inZone(widgets: readonly Widget[], zone: string): Widget[] {
  return widgets
    .filter((widget) => widget.zone === zone)
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/** A zone's widget ids once one moves to `index`: what PUT /api/widgets/order takes. */
export function orderAfter(widgets: readonly Widget[], id: number, index: number): number[] {
  const ids = widgets.map((widget) => widget.id).filter((each) => each !== id);
  ids.splice(Math.min(index, ids.length), 0, id);
  return ids;
}

/**
 * The server's 422 messages about a widget, sorted for the form: the block's props by their path
 * (`items.0.title`, as the props form takes them), the block itself, and the widget's own fields.
 */
export function widgetErrors(errors: Record<string, string>): {
  props: Record<string, string>;
  block: string[];
  fields: Record<string, string>;
} {
  const sorted = {
    props: {} as Record<string, string>,
    block: [] as string[],
    fields: {} as Record<string, string>,
  };
  for (const [key, message] of Object.entries(errors)) {
    const path = key.replace(/\[(\d+)\]/g, '.$1');
    if (path.startsWith('block.props.')) sorted.props[path.slice('block.props.'.length)] = message;
    else if (path === 'block' || path.startsWith('block.')) sorted.block.push(message);
    else sorted.fields[path] = message;
  }
  return sorted;
}
