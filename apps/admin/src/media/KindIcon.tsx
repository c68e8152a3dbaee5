import type { CSSProperties } from 'react';
import type { MediaKind } from './model.js';

/** Outline drawings of each kind (24-unit grid), drawn in the text colour. */
const SHAPES: Record<MediaKind, string[]> = {
  image: ['M4 5h16v14H4z', 'M4 16l5-5 4 4 2-2 5 5', 'M13.5 9.5a1.5 1.5 0 1 0 3 0a1.5 1.5 0 1 0-3 0'],
  video: ['M3 6h13v12H3z', 'M16 10l5-3v10l-5-3'],
  audio: ['M9 17V5l11-2v12', 'M6 17a3 3 0 1 0 6 0a3 3 0 1 0-6 0', 'M14 15a3 3 0 1 0 6 0a3 3 0 1 0-6 0'],
  document: ['M6 3h8l5 5v13H6z', 'M14 3v5h5', 'M9 13h7', 'M9 17h7'],
  archive: ['M4 4h16v4H4z', 'M5 8v12h14V8', 'M10 12h4'],
};

/** A kind's drawing; decorative, the file's name beside it says what it is. */
export function KindIcon({ kind, size = 40 }: { kind: MediaKind; size?: number }) {
  return <OutlineIcon paths={SHAPES[kind]} size={size} strokeWidth={1.5} />;
}

/** A decorative outline drawing on the 24-unit grid, in the text colour (kinds, folders, arrows). */
export function OutlineIcon(props: {
  paths: readonly string[];
  size: number;
  strokeWidth: number;
  style?: CSSProperties;
}) {
  return (
    <svg
      width={props.size}
      height={props.size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={props.strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={props.style}
    >
      {props.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
