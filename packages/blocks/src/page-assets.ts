import { type Breakpoint, perBreakpoint } from './responsive.js';

/** CSS declarations: property (kebab-case, custom properties allowed) → value. */
export type Declarations = Readonly<Record<string, string | number>>;

/** Declarations per breakpoint; `mobile` is the base, wider ones apply from their minimum width. */
export type BreakpointDeclarations = Partial<Record<Breakpoint, Declarations>>;

/**
 * Where each breakpoint starts. The CSS is mobile first: the mobile rule has no media query, the
 * tablet and desktop rules override it from these widths (the default theme uses the same ones).
 */
export const BREAKPOINT_MIN_WIDTH = { tablet: 640, desktop: 1024 } as const;

const BREAKPOINT_ORDER = ['mobile', 'tablet', 'desktop'] as const;

/** Each breakpoint's own range of widths, as a media query (the builder's canvas uses them too). */
export const BREAKPOINT_RANGES: Record<Breakpoint, string> = {
  mobile: `@media (max-width:${BREAKPOINT_MIN_WIDTH.tablet - 0.02}px)`,
  tablet: `@media (min-width:${BREAKPOINT_MIN_WIDTH.tablet}px) and (max-width:${BREAKPOINT_MIN_WIDTH.desktop - 0.02}px)`,
  desktop: `@media (min-width:${BREAKPOINT_MIN_WIDTH.desktop}px)`,
};

// Values come from validated props, but a value that could close the rule or the <style> element
// (`;`, braces, `<`, a backslash) is dropped here too: the stylesheet is written into the page.
const SAFE_VALUE = /^[^;{}<>\\]*$/;
const PROPERTY = /^(--)?[a-z][a-z0-9-]*$/;

/**
 * What one page's blocks need besides their HTML: one stylesheet of their responsive and style
 * values (classes `tb-s1`, `tb-s2`... shared by blocks with the same values), and the names of the
 * small scripts of the interactive blocks on the page. A page of static blocks needs no script.
 * One collector per rendered page; the renderer hands it to the blocks through their environment.
 */
export class PageAssets {
  /** `prefix` keeps classes of separately rendered trees apart (`tb-s1`, `tb-w1`...). */
  constructor(private readonly prefix = 's') {}

  private readonly classes = new Map<string, string>();
  private readonly rules: Record<Breakpoint | 'ranges', string[]> = {
    mobile: [],
    tablet: [],
    desktop: [],
    ranges: [],
  };
  private readonly scriptNames = new Set<string>();
  private readonly hiding = new Map<string, string>();

  /**
   * A class carrying these declarations; blocks with the same declarations share it. Declarations
   * repeated from a narrower breakpoint are left out of the wider one's rule.
   */
  className(declarations: BreakpointDeclarations): string | undefined {
    const mobile = clean(declarations.mobile);
    const tablet = changed(clean(declarations.tablet), mobile);
    const desktop = changed(clean(declarations.desktop), { ...mobile, ...clean(declarations.tablet) });
    const parts = { mobile, tablet, desktop };
    const key = JSON.stringify(parts);
    if (key === '{"mobile":{},"tablet":{},"desktop":{}}') return undefined;
    const known = this.classes.get(key);
    if (known) return known;
    const name = `tb-${this.prefix}${this.classes.size + 1}`;
    this.classes.set(key, name);
    for (const breakpoint of ['mobile', 'tablet', 'desktop'] as const) {
      const body = Object.entries(parts[breakpoint])
        .map(([property, value]) => `${property}:${value}`)
        .join(';');
      if (body) this.rules[breakpoint].push(`.${name}{${body}}`);
    }
    return name;
  }

  /**
   * A class that hides an element at these breakpoints and leaves its own display alone elsewhere:
   * rules inside each breakpoint's own range, so nothing has to be restored at the others.
   */
  hiddenClass(breakpoints: readonly Breakpoint[]): string | undefined {
    const at = BREAKPOINT_ORDER.filter((breakpoint) => breakpoints.includes(breakpoint));
    if (at.length === 0) return undefined;
    const key = at.join(' ');
    const known = this.hiding.get(key);
    if (known) return known;
    const name = `tb-hide-${at.map((breakpoint) => breakpoint[0]).join('')}`;
    this.hiding.set(key, name);
    for (const breakpoint of at)
      this.rules.ranges.push(`${BREAKPOINT_RANGES[breakpoint]}{.${name}{display:none}}`);
    return name;
  }

  /** Records that the page needs an interactive block's script (see scripts.ts). */
  script(name: string): void {
    this.scriptNames.add(name);
  }

  get scripts(): string[] {
    return [...this.scriptNames].sort();
  }

  /** The page's block stylesheet, mobile first; empty when no block asked for a style. */
  css(): string {
    const { mobile, tablet, desktop, ranges } = this.rules;
    return [
      mobile.join(''),
      tablet.length > 0 ? `@media (min-width:${BREAKPOINT_MIN_WIDTH.tablet}px){${tablet.join('')}}` : '',
      desktop.length > 0 ? `@media (min-width:${BREAKPOINT_MIN_WIDTH.desktop}px){${desktop.join('')}}` : '',
      ranges.join(''),
    ].join('');
  }
}

/**
 * The declarations of a responsive value at each breakpoint, narrower ones inheriting from wider
 * ones as the tree's shape says (responsive.ts).
 */
export function responsiveDeclarations<T>(
  value: { desktop: T; tablet?: T; mobile?: T } | undefined,
  declare: (value: T) => Declarations,
): BreakpointDeclarations {
  if (!value) return {};
  const at = perBreakpoint(value);
  return { mobile: declare(at.mobile), tablet: declare(at.tablet), desktop: declare(at.desktop) };
}

/** Several sets of declarations merged breakpoint by breakpoint. */
export function mergeDeclarations(...sets: BreakpointDeclarations[]): BreakpointDeclarations {
  const merged: Record<Breakpoint, Record<string, string | number>> = { mobile: {}, tablet: {}, desktop: {} };
  for (const set of sets)
    for (const breakpoint of ['mobile', 'tablet', 'desktop'] as const)
      Object.assign(merged[breakpoint], set[breakpoint]);
  return merged;
}

function clean(declarations: Declarations | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!declarations) return out;
  for (const [property, raw] of Object.entries(declarations)) {
    const value = String(raw);
    if (PROPERTY.test(property) && SAFE_VALUE.test(value) && value !== '') out[property] = value;
  }
  return out;
}

function changed(
  declarations: Record<string, string>,
  before: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [property, value] of Object.entries(declarations))
    if (before[property] !== value) out[property] = value;
  return out;
}
