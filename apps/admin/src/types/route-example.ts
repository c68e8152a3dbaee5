/** What the example entry of a route pattern's preview is made of. */
export interface ExampleValues {
  slug: string;
  /** The slugs of an imagined parent, for {path}. */
  parent: string;
  id: number;
  /** Today in the site's time zone, YYYY-MM-DD. */
  today: string;
}

/**
 * The address an entry would have under `pattern`, as the server builds it (placeholders
 * replaced, the rest kept), so a mistyped placeholder shows as it is.
 */
export function exampleUrl(pattern: string, values: ExampleValues): string {
  const [yyyy = '', mm = '', dd = ''] = values.today.split('-');
  const known: Record<string, string> = {
    slug: values.slug,
    path: `${values.parent}/${values.slug}`,
    id: String(values.id),
    yyyy,
    mm,
    dd,
  };
  return pattern.replace(/\{([a-z]+)\}/g, (whole, name: string) => known[name] ?? whole);
}

/** Today's date in a time zone, YYYY-MM-DD. */
export function todayIn(zone: string | undefined, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
  }).format(now);
}
