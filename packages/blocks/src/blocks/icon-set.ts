/**
 * Tessera's icon set, drawn here on a 24 × 24 grid: strokes of 2 in currentColor, round ends. Each
 * icon is a list of SVG shapes. Kept to what a site's pages need (contact details, features,
 * arrows, social-neutral symbols); the builder offers them by name.
 */
export type IconShape =
  | ['path', { d: string }]
  | ['circle', { cx: number; cy: number; r: number }]
  | ['rect', { x: number; y: number; width: number; height: number; rx?: number }]
  | ['line', { x1: number; y1: number; x2: number; y2: number }]
  | ['polyline', { points: string }];

export const ICONS = {
  check: [['polyline', { points: '4 12.5 9.5 18 20 6.5' }]],
  x: [
    ['line', { x1: 6, y1: 6, x2: 18, y2: 18 }],
    ['line', { x1: 18, y1: 6, x2: 6, y2: 18 }],
  ],
  plus: [
    ['line', { x1: 12, y1: 5, x2: 12, y2: 19 }],
    ['line', { x1: 5, y1: 12, x2: 19, y2: 12 }],
  ],
  minus: [['line', { x1: 5, y1: 12, x2: 19, y2: 12 }]],
  'arrow-right': [
    ['line', { x1: 4, y1: 12, x2: 20, y2: 12 }],
    ['polyline', { points: '14 6 20 12 14 18' }],
  ],
  'arrow-left': [
    ['line', { x1: 20, y1: 12, x2: 4, y2: 12 }],
    ['polyline', { points: '10 6 4 12 10 18' }],
  ],
  'arrow-up': [
    ['line', { x1: 12, y1: 20, x2: 12, y2: 4 }],
    ['polyline', { points: '6 10 12 4 18 10' }],
  ],
  'arrow-down': [
    ['line', { x1: 12, y1: 4, x2: 12, y2: 20 }],
    ['polyline', { points: '6 14 12 20 18 14' }],
  ],
  'chevron-right': [['polyline', { points: '9 5 16 12 9 19' }]],
  star: [['path', { d: 'M12 3l2.7 5.6 6.1.8-4.5 4.3 1.1 6.1L12 16.9l-5.4 2.9 1.1-6.1-4.5-4.3 6.1-.8z' }]],
  heart: [
    ['path', { d: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.4 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z' }],
  ],
  mail: [
    ['rect', { x: 3, y: 5, width: 18, height: 14, rx: 2 }],
    ['polyline', { points: '3.5 6.5 12 13 20.5 6.5' }],
  ],
  phone: [
    [
      'path',
      {
        d: 'M6.5 3h3l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 4.5 5a2 2 0 0 1 2-2z',
      },
    ],
  ],
  'map-pin': [
    ['path', { d: 'M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11z' }],
    ['circle', { cx: 12, cy: 10, r: 2.5 }],
  ],
  calendar: [
    ['rect', { x: 3.5, y: 5, width: 17, height: 15.5, rx: 2 }],
    ['line', { x1: 3.5, y1: 10, x2: 20.5, y2: 10 }],
    ['line', { x1: 8, y1: 3, x2: 8, y2: 7 }],
    ['line', { x1: 16, y1: 3, x2: 16, y2: 7 }],
  ],
  clock: [
    ['circle', { cx: 12, cy: 12, r: 9 }],
    ['polyline', { points: '12 7 12 12 15.5 14' }],
  ],
  user: [
    ['circle', { cx: 12, cy: 8, r: 4 }],
    ['path', { d: 'M4.5 20.5a7.5 7.5 0 0 1 15 0' }],
  ],
  users: [
    ['circle', { cx: 9, cy: 8, r: 3.5 }],
    ['path', { d: 'M2.5 20a6.5 6.5 0 0 1 13 0' }],
    ['path', { d: 'M15.5 4.8a3.5 3.5 0 0 1 0 6.4' }],
    ['path', { d: 'M18 14.2a6.5 6.5 0 0 1 3.5 5.8' }],
  ],
  search: [
    ['circle', { cx: 10.5, cy: 10.5, r: 6.5 }],
    ['line', { x1: 15.5, y1: 15.5, x2: 20.5, y2: 20.5 }],
  ],
  home: [
    ['polyline', { points: '3.5 11 12 4 20.5 11' }],
    ['path', { d: 'M6 9.5V20h4.5v-5.5h3V20H18V9.5' }],
  ],
  info: [
    ['circle', { cx: 12, cy: 12, r: 9 }],
    ['line', { x1: 12, y1: 11, x2: 12, y2: 16.5 }],
    ['line', { x1: 12, y1: 7.5, x2: 12, y2: 7.6 }],
  ],
  'alert-triangle': [
    ['path', { d: 'M12 3.5L21.5 20h-19z' }],
    ['line', { x1: 12, y1: 9.5, x2: 12, y2: 14 }],
    ['line', { x1: 12, y1: 17, x2: 12, y2: 17.1 }],
  ],
  shield: [['path', { d: 'M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6z' }]],
  lock: [
    ['rect', { x: 5, y: 10.5, width: 14, height: 10, rx: 2 }],
    ['path', { d: 'M8 10.5V7.5a4 4 0 0 1 8 0v3' }],
  ],
  globe: [
    ['circle', { cx: 12, cy: 12, r: 9 }],
    ['line', { x1: 3, y1: 12, x2: 21, y2: 12 }],
    ['path', { d: 'M12 3c2.6 2.5 3.8 5.5 3.8 9s-1.2 6.5-3.8 9c-2.6-2.5-3.8-5.5-3.8-9S9.4 5.5 12 3z' }],
  ],
  camera: [
    [
      'path',
      {
        d: 'M3.5 8.5a2 2 0 0 1 2-2h2.5L9.5 4h5L16 6.5h2.5a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2z',
      },
    ],
    ['circle', { cx: 12, cy: 13, r: 3.5 }],
  ],
  music: [
    ['path', { d: 'M9 18V5.5l11-2V16' }],
    ['circle', { cx: 6.5, cy: 18, r: 2.5 }],
    ['circle', { cx: 17.5, cy: 16, r: 2.5 }],
  ],
  download: [
    ['line', { x1: 12, y1: 3.5, x2: 12, y2: 15 }],
    ['polyline', { points: '7 10.5 12 15.5 17 10.5' }],
    ['path', { d: 'M4 17v3h16v-3' }],
  ],
  link: [
    ['path', { d: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2' }],
    ['path', { d: 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2' }],
  ],
  bolt: [['path', { d: 'M13 2.5L5 13.5h6.5L10.5 21.5 19 10h-6.5z' }]],
  leaf: [
    ['path', { d: 'M5 19c0-8.5 5-14 15-14 0 10-5.5 15-14 15' }],
    ['line', { x1: 5, y1: 19, x2: 13, y2: 11 }],
  ],
  cart: [
    ['polyline', { points: '2.5 4 5.5 4 8 15.5 18.5 15.5 20.5 7.5 6.5 7.5' }],
    ['circle', { cx: 9, cy: 19.5, r: 1.5 }],
    ['circle', { cx: 17.5, cy: 19.5, r: 1.5 }],
  ],
  chat: [['path', { d: 'M4 5.5h16v10.5h-9.5L6 20v-4H4z' }]],
  settings: [
    ['circle', { cx: 12, cy: 12, r: 3.5 }],
    ['line', { x1: 12, y1: 2.5, x2: 12, y2: 5.5 }],
    ['line', { x1: 12, y1: 18.5, x2: 12, y2: 21.5 }],
    ['line', { x1: 2.5, y1: 12, x2: 5.5, y2: 12 }],
    ['line', { x1: 18.5, y1: 12, x2: 21.5, y2: 12 }],
    ['line', { x1: 5.3, y1: 5.3, x2: 7.4, y2: 7.4 }],
    ['line', { x1: 16.6, y1: 16.6, x2: 18.7, y2: 18.7 }],
    ['line', { x1: 5.3, y1: 18.7, x2: 7.4, y2: 16.6 }],
    ['line', { x1: 16.6, y1: 7.4, x2: 18.7, y2: 5.3 }],
    ['circle', { cx: 12, cy: 12, r: 6.5 }],
  ],
} satisfies Record<string, IconShape[]>;

export type IconName = keyof typeof ICONS;

/** Every icon's name, for the builder's picker. */
export const ICON_NAMES = Object.keys(ICONS) as IconName[];
