import type { ReactNode } from 'react';

/**
 * A toolbar button's picture, drawn in the text's colour. Drawn, not an emoji: emoji fonts are
 * missing on many desktops.
 */
export function ToolIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
