/** The canvas toolbar's glyphs, drawn here: no icon font, nothing fetched. */
const PATHS = {
  drag: 'M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01',
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  parent: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 5 5v6',
  duplicate: 'M8 8h12v12H8zM4 16V4h12',
  copy: 'M9 4h6v3H9zM7 6H5v15h14V6h-2',
  paste: 'M9 4h6v3H9zM7 6H5v15h14V6h-2M12 10v7M9 14l3 3 3-3',
  delete: 'M6 6l12 12M18 6L6 18',
} as const;

export type ToolbarGlyph = keyof typeof PATHS;

export function ToolbarIcon({ glyph }: { glyph: ToolbarGlyph }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={glyph === 'drag' ? 3.5 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[glyph]} />
    </svg>
  );
}
