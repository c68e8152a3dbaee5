import { BREAKPOINT_RANGES, type Breakpoint, PageAssets } from '@tessera/blocks/browser';

/** What the canvas edits: a page's blocks, the site's header or footer, or a pattern. */
export type CanvasKind = 'page' | 'header' | 'footer' | 'pattern';

/** The canvas's width at each breakpoint: a phone, a tablet, a laptop. */
export const CANVAS_WIDTH: Record<Breakpoint, number> = { desktop: 1280, tablet: 768, mobile: 390 };

/**
 * The blocks' stylesheet collector of the site (one per canvas, so classes stay stable while
 * editing), except that a block hidden at a breakpoint stays in view there, faded and marked, so it
 * can still be selected and shown again.
 */
export class CanvasAssets extends PageAssets {
  override hiddenClass(breakpoints: readonly Breakpoint[]): string | undefined {
    if (breakpoints.length === 0) return undefined;
    return breakpoints.map((breakpoint) => `tb-canvas-hidden-${breakpoint}`).join(' ');
  }
}

/**
 * The editor's own styles inside the canvas: never the theme's. The page grows with its content (the
 * editor around it scrolls), links and forms do nothing, empty containers take a drop.
 */
export const CANVAS_CSS = [
  'html,body{height:auto!important;min-height:0!important;overflow:hidden}',
  '[data-block-id]{cursor:default}',
  'a[href],button,summary,label{cursor:default}',
  '.tb-canvas-empty{min-height:56px;display:flex;align-items:center;justify-content:center;',
  'border:1px dashed currentColor;opacity:.55;font:13px/1.3 system-ui,sans-serif;padding:8px;border-radius:4px}',
  '.tb-canvas-nothing{padding:12px;border:1px dashed currentColor;opacity:.6;font:13px/1.3 system-ui,sans-serif;border-radius:4px}',
  '.tb-canvas-unknown{padding:8px;border:1px dashed #b42318;color:#b42318;font:13px system-ui,sans-serif}',
  ...(['mobile', 'tablet', 'desktop'] as const).map(
    (breakpoint) =>
      `${BREAKPOINT_RANGES[breakpoint]}{.tb-canvas-hidden-${breakpoint}{opacity:.35;outline:2px dashed #8a8f98;outline-offset:-2px}}`,
  ),
].join('');

/**
 * The markup around the blocks, as the default theme's layouts place them (public/theme/layouts.ts):
 * a page's title heads its article as on the public page (EntryView), kept current by the Canvas.
 */
export function frameDocument(options: { lang: string; kind: CanvasKind; title: string }): string {
  const { lang, kind, title } = options;
  const escaped = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const root = '<div id="tb-canvas-root" class="tb-blocks"></div>';
  const body =
    kind === 'header'
      ? `<header class="tb-header"><div id="tb-canvas-root" class="tb-section tb-section--header"></div></header>`
      : kind === 'footer'
        ? `<footer class="tb-footer"><div id="tb-canvas-root" class="tb-section tb-section--footer"></div></footer>`
        : `<main class="tb-main" id="main"><article class="tb-entry">${kind === 'page' ? `<h1 id="tb-canvas-title">${escaped(title)}</h1>` : ''}${root}</article></main>`;
  return `<!doctype html><html lang="${escaped(lang)}"><head><meta charset="utf-8"><title>${escaped(title)}</title><link rel="stylesheet" id="tb-theme"><style id="tb-tokens"></style><style id="tb-block-css"></style><style>${CANVAS_CSS}</style></head><body class="tb-canvas">${body}</body></html>`;
}
