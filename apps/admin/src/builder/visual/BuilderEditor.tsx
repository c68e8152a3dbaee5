import { Alert, Button, Group, Paper, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type JSX, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, data } from '../../api.js';
import { LockBanner } from '../../content/editor/LockBanner.js';
import { useEditLock } from '../../content/editor/useEditLock.js';
import { fieldErrors } from '../../forms.js';
import { useCan, useSession } from '../../session.js';
import { historyKey, inTextInput } from '../keys.js';
import { useBuilderLabels } from '../labels.js';
import { OutlineTree, rowButton, useFolding } from '../OutlineTree.js';
import { PropsForm } from '../PropsForm.js';
import type { BlockType, Catalog } from '../queries.js';
import type { Breakpoint } from '../schema.js';
import { type Block, blockPath, countBlocks, createBlock, locate, MAX_BLOCKS, treeErrors } from '../tree.js';
import { BlockPalette } from './BlockPalette.js';
import { BlockToolbar } from './BlockToolbar.js';
import { BuilderTopBar } from './BuilderTopBar.js';
import { Canvas, type DragSource } from './Canvas.js';
import { hasCopied } from './clipboard.js';
import { openTree, storedTree } from './document.js';
import type { Drop } from './drop.js';
import { LeaveSaving } from './LeaveSaving.js';
import { SavePatternDialog } from './SavePatternDialog.js';
import { TokensPanel } from './TokensPanel.js';
import type { Opened, Target } from './targets.js';
import { useAutosave } from './useAutosave.js';
import { useCanvasData } from './useCanvasData.js';
import { type Said, useEditorState } from './useEditorState.js';

/**
 * The visual builder: the palette, outline and design tokens on the left, the canvas in the middle
 * (the page as visitors get it, at the chosen breakpoint), the selected block's settings on the
 * right. Every edit is one undoable step, saved as a draft a few seconds later.
 */
export function BuilderEditor(props: {
  target: Target;
  opened: Opened;
  catalog: Catalog;
  backTo: string;
}): JSX.Element {
  const { t } = useTranslation();
  const labels = useBuilderLabels();
  const can = useCan();
  const navigate = useNavigate();
  const { target, catalog } = props;
  const [current, setCurrent] = useState(props.opened);
  const start = useMemo(() => openTree(props.opened.blocks), [props.opened.blocks]);
  const [said, setSaid] = useState('');
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('desktop');
  const [drag, setDrag] = useState<DragSource | null>(null);
  const [panel, setPanel] = useState<string | null>('add');
  const { collapsed, toggle } = useFolding();
  const [design, setDesign] = useState<Record<string, unknown> | null>(null);
  const [savingPattern, setSavingPattern] = useState<string | null>(null);
  // A revision shown on the canvas as it was: nothing can be changed until back to editing.
  const [previewing, setPreviewing] = useState<{ id: number; label: string; blocks: Block[] } | null>(null);
  const canvasFocus = useRef<() => void>(() => undefined);

  const nameOf = useCallback(
    (block: Block | null | undefined) =>
      block ? labels.block(block.type, catalog.byType.get(block.type)) : '',
    [labels, catalog],
  );
  const editorRef = useRef<ReturnType<typeof useEditorState> | null>(null);
  const announce = useCallback(
    (said: Said) => {
      const text = sayText(t, said, (type) => labels.block(type, catalog.byType.get(type)));
      // The same words twice in a row would not be read again: a zero-width space tells them apart.
      setSaid((before) => (before === text ? `${text}\u200b` : text));
    },
    [t, labels, catalog],
  );
  const editor = useEditorState(start.blocks, catalog, announce);
  editorRef.current = editor;
  const { tree, selected, selectedId, actions } = editor;
  const stored = useMemo(() => storedTree(tree, start.minted), [tree, start.minted]);
  const words = useMemo(
    () => ({
      dropHere: t('builder.visual.dropHere'),
      nothingYet: (type: string) =>
        t('builder.visual.nothingYet', { name: labels.block(type, catalog.byType.get(type)) }),
      pluginAsleep: (plugin: string) => t('builder.visual.pluginAsleep', { plugin }),
      offered: (type: string) => catalog.byType.has(type),
      takesChildren: (type: string) => (catalog.byType.get(type)?.children ?? 'none') !== 'none',
    }),
    [t, labels, catalog],
  );

  const entry = current.entry;
  const me = useSession();
  // As the entry editor decides: one's own page with pages.edit, another's with pages.edit_others.
  const mayEdit =
    target.kind === 'page'
      ? can(entry?.author_id === me.id ? 'pages.edit' : 'pages.edit_others')
      : target.kind === 'pattern'
        ? can('patterns.manage')
        : can('widgets.manage');
  const { lock, takeOver, retake, lost } = useEditLock(
    'page',
    entry?.id ?? null,
    target.kind === 'page' && mayEdit,
  );
  const lockedOut = !mayEdit || lock.kind === 'theirs' || lock.kind === 'lost';
  const readOnly = lockedOut || previewing !== null;
  const client = useQueryClient();
  const autosave = useAutosave({
    target,
    opened: current,
    blocks: stored,
    // A revision previewed stops nothing: the edits made before it are still saved.
    enabled: !lockedOut,
    onSaved: (opened) => {
      setCurrent(opened);
      // The page's editor and lists read the entry from the cache: they show this save, not the
      // version they loaded before (which made the editor empty and call one's own save a conflict).
      if (opened.kind === 'page' && opened.entry) {
        void client.invalidateQueries({ queryKey: ['entry', 'page', opened.entry.id] });
        void client.invalidateQueries({ queryKey: ['entries', 'page'] });
      }
    },
  });
  const previewRevision = async (revision: { id: number; label: string }) => {
    if (!entry) return;
    const found = await data(
      api.GET('/api/content/{type}/{id}/revisions/{revision}', {
        params: { path: { type: 'page', id: entry.id, revision: revision.id } },
      }),
    );
    setPreviewing({ ...revision, blocks: openTree(found.state?.blocks ?? []).blocks });
    actions.setSelected(null);
  };
  const restorePreviewed = async () => {
    if (!entry || !previewing) return;
    const restored = await data(
      api.POST('/api/builder/page/{id}/restore/{revisionId}', {
        params: { path: { id: entry.id, revisionId: previewing.id } },
      }),
    );
    setPreviewing(null);
    restoredAs({
      ...current,
      entry: restored,
      version: restored.version,
      blocks: restored.blocks ?? [],
      title: restored.title,
    });
  };
  useEffect(() => {
    if (autosave.status === 'locked') lost();
  }, [autosave.status, lost]);
  const canvas = useCanvasData({ tree, subject: target.canvas, design });
  const errors = useMemo(
    () => treeErrors(autosave.invalid ? fieldErrors(autosave.error) : undefined, tree),
    [autosave.invalid, autosave.error, tree],
  );

  // The keys of the builder, wherever the focus is but a text input: in the window and in the canvas.
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (event.defaultPrevented || inTextInput(event.target)) return;
      const command = commandOf(event, editorRef.current?.selectedId ?? null, readOnly, actions);
      if (!command) return;
      event.preventDefault();
      command();
    },
    [actions, readOnly],
  );
  // Focus is never lost: an action that took away the focused element (a row moved or deleted in
  // the outline, a toolbar gone with its block) gives it to the selected block's row, or the canvas.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tree or selection is when it happens
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const row = panel === 'outline' && selectedId ? rowButton(selectedId) : null;
      if (row) row.focus();
      else canvasFocus.current();
    }, 60);
    return () => window.clearTimeout(timer);
  }, [tree, selectedId]);

  // Arrows walk the canvas's blocks while it has the focus; Escape goes to the parent.
  const onCanvasKey = useCallback(
    (event: KeyboardEvent) => {
      onKey(event);
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      // Enter selects the block of the element focused in the canvas (a link tabbed to), and on a
      // block already selected goes on to its settings' first field.
      if (event.key === 'Enter') {
        const target = event.target as Element | null;
        const at = target?.closest?.('[data-block-id]')?.getAttribute('data-block-id') ?? null;
        const current = editorRef.current?.selectedId ?? null;
        event.preventDefault();
        if (at && at !== current) actions.setSelected(at);
        else
          document
            .querySelector<HTMLElement>(
              '.builder-right input, .builder-right textarea, .builder-right button',
            )
            ?.focus();
        return;
      }
      const step = ({ ArrowDown: 'next', ArrowUp: 'previous', Escape: 'parent' } as const)[
        event.key as 'ArrowDown'
      ];
      if (step) {
        event.preventDefault();
        actions.step(step);
      }
    },
    [onKey, actions],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);

  // Stable: the palette (41 buttons) is not rendered again on each click on the canvas.
  const addType = useCallback(
    (type: BlockType) => {
      const placement = actions.placementFor(type.type);
      if (placement) actions.add(type.type, placement);
    },
    [actions],
  );
  const dragType = useCallback(
    (type: BlockType) => setDrag({ kind: 'new', type: type.type, label: labels.block(type.type, type) }),
    [labels],
  );
  const onDrop = (source: DragSource, drop: Drop) => {
    if (source.kind === 'new') actions.add(source.type, drop);
    else actions.move(source.id, drop);
  };
  const insertPattern = useCallback(
    async (id: number, synced: boolean) => {
      const placement = actions.placementFor('pattern');
      if (!placement) return;
      if (synced) {
        actions.insert([createBlock('pattern', { pattern_id: id }, catalog.rules)], placement);
        return;
      }
      const blocks = (await data(
        api.POST('/api/patterns/{id}/copy', { params: { path: { id } } }),
      )) as Block[];
      actions.insert(
        openTree(blocks).blocks,
        actions.placementFor(blocks[0]?.type ?? 'section') ?? placement,
      );
    },
    [actions, catalog],
  );

  /** A revision restored: its tree becomes the editor's, as a step that can be undone. */
  function restoredAs(next: Opened) {
    setCurrent(next);
    const restored = openTree(next.blocks).blocks;
    actions.replace(restored);
    autosave.resume(next, storedTree(restored, start.minted));
  }

  const selectedType = selected ? catalog.byType.get(selected.block.type) : undefined;
  const blockErrors = selected ? errors.byBlock.get(selected.block.id) : undefined;
  // Every type fits somewhere (at the end of the page) until the page is full.
  const full = countBlocks(tree) >= MAX_BLOCKS;

  return (
    <div className="builder-root">
      <LeaveSaving unsaved={autosave.unsaved} autosaves={target.autosave} save={autosave.saveNow} />
      <BuilderTopBar
        target={target}
        opened={current}
        backTo={props.backTo}
        breakpoint={breakpoint}
        onBreakpoint={setBreakpoint}
        canUndo={editor.canUndo}
        canRedo={editor.canRedo}
        onUndo={actions.undo}
        onRedo={actions.redo}
        autosave={autosave}
        readOnly={readOnly}
        onOpened={(next) => {
          setCurrent(next);
          autosave.resume(next, stored);
        }}
        onRestored={restoredAs}
        onPreviewRevision={(revision) => void previewRevision(revision)}
      />
      <aside className="builder-left" aria-label={t('builder.visual.tools')}>
        <Tabs value={panel} onChange={setPanel} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="add">{t('builder.visual.addTab')}</Tabs.Tab>
            <Tabs.Tab value="outline">{t('builder.visual.outlineTab')}</Tabs.Tab>
            {can('patterns.manage') ? (
              <Tabs.Tab value="design">{t('builder.visual.designTab')}</Tabs.Tab>
            ) : null}
          </Tabs.List>
          <ScrollArea className="builder-panel-scroll" type="auto">
            <Tabs.Panel value="add" p="sm">
              <BlockPalette
                catalog={catalog}
                labels={labels}
                full={full}
                disabled={readOnly}
                patterns={target.kind !== 'pattern'}
                onAdd={addType}
                onDragStart={dragType}
                onPattern={insertPattern}
              />
            </Tabs.Panel>
            <Tabs.Panel value="outline" p="sm">
              {tree.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('builder.empty')}
                </Text>
              ) : (
                <OutlineTree
                  tree={tree}
                  catalog={catalog}
                  labels={labels}
                  collapsed={collapsed}
                  selectedId={selectedId}
                  readOnly={readOnly}
                  problems={new Set(errors.byBlock.keys())}
                  describedBy="builder-outline-help"
                  onSelect={actions.setSelected}
                  onToggle={toggle}
                  onMove={actions.move}
                  onRefused={() => announce({ kind: 'cannot' })}
                  onDuplicate={actions.duplicate}
                  onDelete={actions.remove}
                />
              )}
              <Text size="xs" c="dimmed" id="builder-outline-help" mt="xs">
                {t('builder.keyboardHelp')}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="design" p="sm">
              <TokensPanel onPreview={setDesign} />
            </Tabs.Panel>
          </ScrollArea>
        </Tabs>
      </aside>
      <main className="builder-center" aria-label={t('builder.visual.canvas')}>
        <Stack gap="xs" className="builder-notices">
          {target.kind === 'page' ? (
            <LockBanner
              lock={lock}
              canTakeOver={can('pages.edit_others')}
              onTakeOver={() => void takeOver()}
              onRetry={() => void retake()}
            />
          ) : null}
          {previewing ? (
            <Alert color="blue" title={t('builder.visual.previewingTitle', { label: previewing.label })}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('builder.visual.previewing')}</Text>
                <Group gap="xs">
                  {mayEdit ? (
                    <Button size="xs" onClick={() => void restorePreviewed()}>
                      {t('builder.visual.restorePreviewed')}
                    </Button>
                  ) : null}
                  <Button size="xs" variant="default" onClick={() => setPreviewing(null)}>
                    {t('builder.visual.backToEditing')}
                  </Button>
                </Group>
              </Group>
            </Alert>
          ) : null}
          {errors.general.length > 0 ? (
            <Alert color="red" role="alert" title={t('builder.problemsTitle')}>
              {errors.general.join(' ')}
            </Alert>
          ) : null}
          {canvas.error ? (
            <Alert color="orange" role="alert">
              <Group justify="space-between">
                <Text size="sm">{t('builder.visual.canvasFailed')}</Text>
                <Button size="xs" variant="default" onClick={() => void canvas.refetch()}>
                  {t('app.retry')}
                </Button>
              </Group>
            </Alert>
          ) : null}
        </Stack>
        <div className="builder-viewport">
          <Canvas
            kind={target.kind}
            title={current.title}
            lang={canvas.data?.lang ?? 'en'}
            stylesheet={canvas.data?.stylesheet ?? null}
            tokens={canvas.data?.tokens ?? ''}
            environment={canvas.environment}
            tree={previewing ? previewing.blocks : tree}
            rules={catalog.rules}
            breakpoint={breakpoint}
            selectedId={previewing ? null : selectedId}
            onSelect={previewing ? ignore : actions.setSelected}
            onKey={onCanvasKey}
            drag={drag}
            onDrop={onDrop}
            onDragEnd={() => setDrag(null)}
            words={words}
            label={t('builder.visual.canvasNamed', { title: current.title })}
            focusRef={canvasFocus}
            toolbar={
              selected ? (
                <BlockToolbar
                  name={nameOf(selected.block)}
                  readOnly={readOnly}
                  hasParent={selected.parent !== null}
                  onDragStart={(event) => {
                    if (event.button !== 0) return;
                    event.preventDefault();
                    setDrag({ kind: 'move', id: selected.block.id, label: nameOf(selected.block) });
                  }}
                  onMove={(way) => actions.moveBy(selected.block.id, way)}
                  onParent={() => actions.step('parent')}
                  onDuplicate={() => actions.duplicate(selected.block.id)}
                  onCopy={() => actions.copy(selected.block.id)}
                  onPaste={hasCopied() ? actions.paste : null}
                  onDelete={() => {
                    actions.remove(selected.block.id);
                    canvasFocus.current();
                  }}
                />
              ) : null
            }
          />
          {tree.length === 0 ? (
            <Text className="builder-empty-hint" c="dimmed" size="sm">
              {t('builder.visual.emptyPage')}
            </Text>
          ) : null}
        </div>
        <Text size="sm" role="status" className="visually-hidden" data-builder-said>
          {said}
        </Text>
      </main>
      <aside className="builder-right" aria-label={t('builder.visual.settings')}>
        <ScrollArea className="builder-panel-scroll" type="auto">
          <Paper p="sm">
            {selected ? (
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h5">
                    {t('builder.form.title', { name: nameOf(selected.block) })}
                  </Title>
                  {readOnly || target.kind === 'pattern' || !can('patterns.manage') ? null : (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setSavingPattern(selected.block.id)}
                    >
                      {t('builder.visual.saveAsPattern')}
                    </Button>
                  )}
                </Group>
                {selected.block.type === 'pattern' && typeof selected.block.props.pattern_id === 'number' ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={async () => {
                      await autosave.saveNow();
                      navigate(`/builder/pattern/${selected.block.props.pattern_id}`);
                    }}
                  >
                    {t('builder.visual.editPattern')}
                  </Button>
                ) : null}
                {selectedType ? (
                  <fieldset key={selected.block.id} disabled={readOnly} className="plain-fieldset">
                    <PropsForm
                      blockType={selectedType}
                      value={selected.block.props}
                      onChange={(next) => actions.setProps(selected.block.id, next)}
                      errors={blockErrors?.props ?? {}}
                      problems={blockErrors?.block ?? []}
                      breakpoint={breakpoint}
                      onBreakpoint={setBreakpoint}
                      labels={labels}
                      names={`${blockPath(tree, selected.block.id)}.props.`}
                    />
                  </fieldset>
                ) : (
                  <Alert color="yellow">{t('builder.unknownType', { type: selected.block.type })}</Alert>
                )}
              </Stack>
            ) : (
              <Text c="dimmed" size="sm">
                {t('builder.visual.noSelection')}
              </Text>
            )}
          </Paper>
        </ScrollArea>
      </aside>
      <SavePatternDialog
        block={savingPattern ? (locate(tree, savingPattern)?.block ?? null) : null}
        name={savingPattern ? nameOf(locate(tree, savingPattern)?.block) : ''}
        onClose={() => setSavingPattern(null)}
        onSaved={(pattern, blockId) => {
          setSavingPattern(null);
          // A synced pattern stands where its blocks were: editing it there edits it everywhere.
          if (pattern.synced)
            actions.swap(blockId, createBlock('pattern', { pattern_id: pattern.id }, catalog.rules));
        }}
      />
    </div>
  );
}

const ignore = () => undefined;

const ARROW_MOVES = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' } as const;

/** What a key does in the builder, or null when it is not one of its keys. */
function commandOf(
  event: KeyboardEvent,
  id: string | null,
  readOnly: boolean,
  actions: ReturnType<typeof useEditorState>['actions'],
): (() => void) | null {
  const history = historyKey(event);
  if (history) return actions[history];
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (readOnly) return null;
  if (mod && key === 'v') return actions.paste;
  if (!id) return null;
  if (mod && key === 'c') return () => actions.copy(id);
  if (mod && key === 'd') return () => actions.duplicate(id);
  const way = event.altKey ? ARROW_MOVES[event.key as keyof typeof ARROW_MOVES] : undefined;
  if (way) return () => actions.moveBy(id, way);
  if (event.key === 'Delete' || event.key === 'Backspace') return () => actions.remove(id);
  return null;
}

/** An action said in words for the live region. */
function sayText(
  t: (key: string, values?: Record<string, unknown>) => string,
  said: Said,
  nameOf: (type: string) => string,
): string {
  switch (said.kind) {
    case 'undone':
    case 'redone':
    case 'nothingToUndo':
    case 'nothingToRedo':
    case 'cannot':
    case 'nothingToPaste':
      return t(`builder.visual.said.${said.kind}`);
    default: {
      const name = nameOf(said.type);
      const parent = said.parentType ? nameOf(said.parentType) : null;
      return parent
        ? t(`builder.visual.said.${said.kind}`, { name, parent, position: said.index + 1 })
        : t(`builder.visual.said.${said.kind}Top`, { name, position: said.index + 1 });
    }
  }
}
