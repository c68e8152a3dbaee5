import { type ApiError, api, toApiError } from '../../api.js';
import type { Entry } from '../../content/editor/model.js';
import type { CanvasKind } from './canvas-frame.js';

/** What the builder opened, as loaded: its tree and what a save must send back. */
export interface Opened {
  kind: CanvasKind;
  title: string;
  blocks: unknown[];
  /** The version a save must name: a stale one gives 409. */
  version: number | null;
  /** The page itself (workflow, lock, revisions, preview); null for the others. */
  entry: Entry | null;
  /** A section's draft differs from what pages show. */
  changed?: boolean;
}

/** One of the canvas request's `entry_id`, `pattern_id` or `section`. */
export type CanvasSubject = { entry_id: number } | { pattern_id: number } | { section: 'header' | 'footer' };

export type Saved = { ok: true; opened: Opened } | { ok: false; status: number; error: ApiError };

/**
 * How each thing the builder edits is loaded and saved, through the API's own routes: a page by
 * the builder endpoints of spec 4.1 (a save changes the working copy, never the published page),
 * the header and footer by /api/sections (a draft until published), a pattern by /api/patterns (a
 * synced one changes wherever it is placed when saved, so it is saved when the user says).
 */
export interface Target {
  kind: CanvasKind;
  /** How the canvas request names what is edited: the server renders it only for who may edit it. */
  canvas: CanvasSubject;
  /** Saved by itself a few seconds after each change. */
  autosave: boolean;
  load(): Promise<Opened>;
  save(blocks: unknown[], opened: Opened): Promise<Saved>;
}

async function answer<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
  open: (value: T) => Opened,
): Promise<Saved> {
  try {
    const { data, error, response } = await call;
    if (data) return { ok: true, opened: open(data.data) };
    return { ok: false, status: response.status, error: toApiError(error, response) };
  } catch (error) {
    // The network is gone: nothing reached the server, the change waits for the next try.
    return { ok: false, status: 0, error: toApiError(error) };
  }
}

async function loaded<T>(
  call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (!data) throw toApiError(error, response);
  return data.data;
}

function pageOpened(entry: Entry): Opened {
  return { kind: 'page', title: entry.title, blocks: entry.blocks ?? [], version: entry.version, entry };
}

type Section = Awaited<ReturnType<typeof loadSection>>;
const loadSection = (area: 'header' | 'footer') =>
  loaded(api.GET('/api/sections/{area}', { params: { path: { area } } }));
function sectionOpened(area: 'header' | 'footer', section: Section, title: string): Opened {
  return {
    kind: area,
    title,
    blocks: section.draft,
    version: section.version,
    entry: null,
    changed: section.changed,
  };
}

export function pageTarget(id: number): Target {
  return {
    kind: 'page',
    canvas: { entry_id: id },
    autosave: true,
    load: async () =>
      pageOpened(
        await loaded(api.GET('/api/content/{type}/{id}', { params: { path: { type: 'page', id } } })),
      ),
    save: (blocks, opened) =>
      answer(
        api.POST('/api/builder/page/{id}/save', {
          params: { path: { id } },
          body: { version: opened.version ?? 1, blocks },
        }),
        pageOpened,
      ),
  };
}

export function sectionTarget(area: 'header' | 'footer', title: string): Target {
  return {
    kind: area,
    canvas: { section: area },
    autosave: true,
    load: async () => sectionOpened(area, await loadSection(area), title),
    save: (blocks, opened) =>
      answer(
        api.PUT('/api/sections/{area}', {
          params: { path: { area } },
          body: { version: opened.version ?? 0, blocks },
        }),
        (section) => sectionOpened(area, section, title),
      ),
  };
}

export function patternTarget(id: number): Target {
  type Pattern = Awaited<ReturnType<typeof load>>;
  const load = () => loaded(api.GET('/api/patterns/{id}', { params: { path: { id } } }));
  const open = (pattern: Pattern): Opened => ({
    kind: 'pattern',
    title: pattern.name,
    blocks: pattern.blocks,
    version: pattern.version,
    entry: null,
  });
  return {
    kind: 'pattern',
    canvas: { pattern_id: id },
    autosave: false,
    load: async () => open(await load()),
    save: (blocks, opened) =>
      answer(
        api.PUT('/api/patterns/{id}', {
          params: { path: { id } },
          body: { blocks, ...(opened.version ? { version: opened.version } : {}) },
        }),
        open,
      ),
  };
}
