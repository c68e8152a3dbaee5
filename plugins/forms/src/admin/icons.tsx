/** The navigation's icons, drawn in the text's colour at its size; decoration only. */
const frame = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

/** A sheet with lines to fill in. */
export function FormsIcon() {
  return (
    <svg {...frame} aria-hidden="true">
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 8h8M8 12h8M8 16h4" />
    </svg>
  );
}

/** A tray receiving a letter. */
export function SubmissionsIcon() {
  return (
    <svg {...frame} aria-hidden="true">
      <path d="M4 13l2.5-8h11L20 13v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" />
      <path d="M4 13h4.5l1 2h5l1-2H20" />
    </svg>
  );
}
