import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pending } from '../shell/Shell.js';
import { DeleteBlock } from './DeleteBlock.js';
import { historyKey, inTextInput } from './keys.js';
import { useBuilderLabels } from './labels.js';
import { OutlineTree, rowButton, useFolding } from './OutlineTree.js';
import { Palette } from './Palette.js';
import { PropsForm } from './PropsForm.js';
import { type BlockType, useCatalog } from './queries.js';
import { type Breakpoint, defaultsOf } from './schema.js';
import {
  allIds,
  type Block,
  blockPath,
  createBlock,
  descendantIds,
  duplicateBlock,
  insertBlock,
  locate,
  moveBlock,
  type Placement,
  removeBlock,
  sameTree,
  treeErrors,
  updateProps,
} from './tree.js';
import { record, redo, startHistory, undo } from './visual/history.js';

export type { Block } from './tree.js';

// Side by side once the editor itself is wide enough, whatever the window: it sits in a column.
const WIDTHS = { xs: '30em', sm: '40em', md: '46em', lg: '60em', xl: '75em' };

/**
 * The block tree of a page as an outline: add from the palette, nest, reorder (drag and drop and
 * keyboard), duplicate, delete, undo and redo, and each block's props in a form generated from its
 * schema.
 */
export function OutlineEditor(props: {
  value: Block[];
  onChange: (blocks: Block[]) => void;
  readOnly?: boolean;
  errors?: Record<string, string>;
  /** Block types the palette leaves out here (a pattern cannot place a synced pattern). */
  exclude?: readonly string[];
  /** The only block types the palette offers here (a newsletter campaign's email-safe blocks). */
  only?: readonly string[];
}): JSX.Element {
  const { t } = useTranslation();
  const labels = useBuilderLabels();
  const { catalog, error, refetch } = useCatalog();
  const tree = props.value;
  const readOnly = props.readOnly ?? false;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { collapsed, toggle } = useFolding();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('desktop');
  const [said, setSaid] = useState('');
  // The row to focus once the tree has re-rendered: moving a row moves its element in the page.
  const [focusId, setFocusId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const redoButton = useRef<HTMLButtonElement>(null);
  const helpId = useId();
  const formTitleId = useId();
  const errors = useMemo(() => treeErrors(props.errors, tree), [props.errors, tree]);
  const problems = useMemo(() => new Set(errors.byBlock.keys()), [errors]);
  const selected = selectedId ? locate(tree, selectedId) : null;
  // The editor's own changes, to undo and redo (the visual builder's history). A tree from outside
  // (another entry loaded, a revision restored) starts it afresh; a save's answer holding the same
  // blocks keeps it, so a save does not take away what can be undone.
  const [history, setHistory] = useState(() => startHistory(tree));
  if (history.present !== tree)
    setHistory(sameTree(history.present, tree) ? { ...history, present: tree } : startHistory(tree));

  // A save refused: the first block the server found fault with is shown, unless one already is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer from the server, not each edit
  useEffect(() => {
    if (errors.byBlock.size === 0) return;
    setSelectedId((current) =>
      current && errors.byBlock.has(current)
        ? current
        : (allIds(tree).find((id) => errors.byBlock.has(id)) ?? current),
    );
  }, [props.errors]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tree` changing is when the row moved
  useEffect(() => {
    if (focusId === null) return;
    // After the menu that was used has closed and given its focus back.
    const timer = window.setTimeout(() => {
      rowButton(focusId)?.focus();
      setFocusId(null);
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusId, tree]);

  if (!catalog) return <Pending error={error} retry={() => void refetch()} />;

  const labelOf = (block: Block) => labels.block(block.type, catalog.byType.get(block.type));
  // The same words twice in a row would not be read again: a zero-width space tells them apart.
  const announce = (text: string) => setSaid((before) => (before === text ? `${text}\u200b` : text));
  const where = (placement: Placement, at: 'added' | 'moved', name: string) => {
    const parent = placement.parentId ? locate(tree, placement.parentId)?.block : null;
    return parent
      ? t(`builder.said.${at}`, { name, parent: labelOf(parent), position: placement.index + 1 })
      : t(`builder.said.${at}Top`, { name, position: placement.index + 1 });
  };
  /** `next` as the tree, a step of the history; `key` joins quick edits of one block's props. */
  const change = (next: Block[], key: string | null = null) => {
    setHistory((before) => record(before, next, key, Date.now()));
    props.onChange(next);
  };
  const step = (way: 'undo' | 'redo') => {
    const after = way === 'undo' ? undo(history) : redo(history);
    if (after === history) {
      announce(t(way === 'undo' ? 'builder.said.nothingToUndo' : 'builder.said.nothingToRedo'));
      return;
    }
    setHistory(after);
    props.onChange(after.present);
    announce(t(way === 'undo' ? 'builder.said.undone' : 'builder.said.redone'));
    // The button pressed is disabled once there is nothing more that way: the focus goes to the other.
    const spent = way === 'undo' ? after.past.length === 0 : after.future.length === 0;
    if (spent && document.activeElement === (way === 'undo' ? undoButton : redoButton).current)
      window.setTimeout(() => (way === 'undo' ? redoButton : undoButton).current?.focus(), 0);
  };
  const reveal = (parentId: string | null) => {
    if (parentId && collapsed.has(parentId)) toggle(parentId, true);
  };
  const choose = (id: string | null) => {
    setSelectedId(id);
    if (id) setFocusId(id);
  };

  const add = (type: BlockType, placement: Placement) => {
    const block = createBlock(type.type, defaultsOf(type.props, true), catalog.rules);
    change(insertBlock(tree, block, placement));
    setPaletteOpen(false);
    reveal(placement.parentId);
    choose(block.id);
    announce(where(placement, 'added', labels.block(type.type, type)));
  };
  const move = (id: string, placement: Placement) => {
    const block = locate(tree, id)?.block;
    if (!block) return;
    change(moveBlock(tree, id, placement));
    reveal(placement.parentId);
    choose(id);
    announce(where(placement, 'moved', labelOf(block)));
  };
  const duplicate = (id: string) => {
    const block = locate(tree, id)?.block;
    const result = duplicateBlock(tree, id);
    if (!block || !result) return;
    change(result.tree);
    choose(result.id);
    announce(t('builder.said.duplicated', { name: labelOf(block) }));
  };
  const remove = (id: string) => {
    const at = locate(tree, id);
    if (!at) return;
    const siblings = at.parent ? (at.parent.children ?? []) : tree;
    const next = siblings[at.index + 1] ?? siblings[at.index - 1] ?? at.parent;
    change(removeBlock(tree, id));
    setDeleting(null);
    announce(t('builder.said.deleted', { name: labelOf(at.block) }));
    if (next) choose(next.id);
    else {
      setSelectedId(null);
      window.setTimeout(() => addButton.current?.focus(), 50);
    }
  };
  const askRemove = (id: string) => {
    const block = locate(tree, id)?.block;
    if (block && descendantIds(block).size > 0) setDeleting(id);
    else remove(id);
  };

  const selectedType = selected ? catalog.byType.get(selected.block.type) : undefined;
  const blockErrors = selected ? errors.byBlock.get(selected.block.id) : undefined;
  const deletingBlock = deleting ? locate(tree, deleting)?.block : null;

  return (
    <Stack
      gap="sm"
      // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z anywhere in the editor but in a text field (whose own they are).
      onKeyDown={(event) => {
        const way = readOnly || inTextInput(event.target) ? null : historyKey(event);
        if (!way) return;
        event.preventDefault();
        step(way);
      }}
    >
      {errors.general.length > 0 ? (
        <Alert color="red" role="alert" title={t('builder.problemsTitle')}>
          {errors.general.join(' ')}
        </Alert>
      ) : null}
      <Grid type="container" breakpoints={WIDTHS} gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            {readOnly ? null : (
              <Group>
                <Button ref={addButton} onClick={() => setPaletteOpen(true)}>
                  {t('builder.add')}
                </Button>
                <Button.Group>
                  <Button
                    ref={undoButton}
                    variant="default"
                    aria-label={t('builder.actions.undo')}
                    title={t('builder.actions.undoKeys')}
                    disabled={history.past.length === 0}
                    onClick={() => step('undo')}
                  >
                    {t('builder.actions.undoShort')}
                  </Button>
                  <Button
                    ref={redoButton}
                    variant="default"
                    aria-label={t('builder.actions.redo')}
                    title={t('builder.actions.redoKeys')}
                    disabled={history.future.length === 0}
                    onClick={() => step('redo')}
                  >
                    {t('builder.actions.redoShort')}
                  </Button>
                </Button.Group>
              </Group>
            )}
            {tree.length === 0 ? (
              <Text c="dimmed" size="sm">
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
                problems={problems}
                describedBy={helpId}
                onSelect={(id) => setSelectedId(id)}
                onToggle={toggle}
                onMove={move}
                onRefused={(id) => {
                  const block = locate(tree, id)?.block;
                  if (block) announce(t('builder.said.cannot', { name: labelOf(block) }));
                }}
                onDuplicate={duplicate}
                onDelete={askRemove}
              />
            )}
            <Text size="xs" c="dimmed" id={helpId}>
              {t('builder.keyboardHelp')}
            </Text>
            <Text size="sm" role="status" c="dimmed" className={said ? undefined : 'visually-hidden'}>
              {said}
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="sm" component="section" aria-labelledby={selected ? formTitleId : undefined}>
            {selected ? (
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h5" id={formTitleId}>
                    {t('builder.form.title', { name: labelOf(selected.block) })}
                  </Title>
                  {readOnly ? null : (
                    <Group gap={4}>
                      <Button
                        variant="default"
                        size="compact-sm"
                        aria-label={t('builder.actions.duplicateNamed', { name: labelOf(selected.block) })}
                        onClick={() => duplicate(selected.block.id)}
                      >
                        {t('builder.actions.duplicate')}
                      </Button>
                      <Button
                        variant="default"
                        color="red"
                        size="compact-sm"
                        aria-label={t('builder.actions.deleteNamed', { name: labelOf(selected.block) })}
                        onClick={() => askRemove(selected.block.id)}
                      >
                        {t('builder.actions.delete')}
                      </Button>
                    </Group>
                  )}
                </Group>
                {selectedType ? (
                  // Keyed by block: each block's form starts afresh (list keys, rich text editors).
                  <fieldset key={selected.block.id} disabled={readOnly} className="plain-fieldset">
                    <PropsForm
                      blockType={selectedType}
                      value={selected.block.props}
                      onChange={(next) =>
                        change(updateProps(tree, selected.block.id, next), `props:${selected.block.id}`)
                      }
                      errors={blockErrors?.props ?? {}}
                      problems={blockErrors?.block ?? []}
                      breakpoint={breakpoint}
                      onBreakpoint={setBreakpoint}
                      labels={labels}
                      names={`${blockPath(tree, selected.block.id)}.props.`}
                    />
                  </fieldset>
                ) : (
                  <Stack gap="xs">
                    <Alert color="yellow">{t('builder.unknownType', { type: selected.block.type })}</Alert>
                    <Textarea
                      label={labels.prop('props')}
                      readOnly
                      autosize
                      ff="monospace"
                      value={JSON.stringify(selected.block.props, null, 2)}
                    />
                  </Stack>
                )}
              </Stack>
            ) : (
              <Text c="dimmed" size="sm">
                {t('builder.form.none')}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <Palette
        opened={paletteOpen}
        onClose={() => {
          setPaletteOpen(false);
          window.setTimeout(() => addButton.current?.focus(), 50);
        }}
        catalog={
          props.exclude?.length || props.only
            ? {
                ...catalog,
                types: catalog.types.filter(
                  (type) =>
                    !props.exclude?.includes(type.type) && (!props.only || props.only.includes(type.type)),
                ),
              }
            : catalog
        }
        tree={tree}
        selectedId={selectedId}
        labels={labels}
        onAdd={add}
      />
      <DeleteBlock
        name={deletingBlock ? labelOf(deletingBlock) : ''}
        count={deletingBlock ? descendantIds(deletingBlock).size : 0}
        opened={deletingBlock !== null && deletingBlock !== undefined}
        onCancel={() => {
          const id = deleting;
          setDeleting(null);
          if (id) setFocusId(id);
        }}
        onConfirm={() => deleting && remove(deleting)}
      />
    </Stack>
  );
}
