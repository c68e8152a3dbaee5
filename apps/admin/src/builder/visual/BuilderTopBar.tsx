import { Button, Drawer, Group, Popover, SegmentedControl, Text, Title, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, data } from '../../api.js';
import { RevisionsPanel } from '../../content/editor/RevisionsPanel.js';
import { WorkflowPanel } from '../../content/editor/WorkflowPanel.js';
import { useDocumentTitle } from '../../site.js';
import { BREAKPOINTS, type Breakpoint } from '../schema.js';
import type { Opened, Target } from './targets.js';
import type { useAutosave } from './useAutosave.js';

/**
 * The builder's bar: back, what is edited and whether it is saved, the breakpoint shown, undo and
 * redo, and what can be done with it (preview, revisions, the workflow; publishing a section;
 * saving a pattern).
 */
export function BuilderTopBar(props: {
  target: Target;
  opened: Opened;
  backTo: string;
  breakpoint: Breakpoint;
  onBreakpoint: (breakpoint: Breakpoint) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  autosave: ReturnType<typeof useAutosave>;
  readOnly: boolean;
  /** What the server has now, after a publish or a reload. */
  onOpened: (opened: Opened) => void;
  /** A revision restored: its tree replaces the editor's. */
  onRestored: (opened: Opened) => void;
  /** A revision shown on the canvas as it was, not restored. */
  onPreviewRevision: (revision: { id: number; label: string }) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { target, opened, autosave } = props;
  const [revisions, setRevisions] = useState(false);
  useDocumentTitle(t('builder.visual.documentTitle', { title: opened.title }));
  const back = async () => {
    await autosave.saveNow();
    navigate(props.backTo);
  };
  const reload = async () => {
    const fresh = await target.load();
    props.onRestored(fresh);
  };
  const keepMine = async () => {
    const fresh = await target.load();
    await autosave.overwrite(fresh);
  };
  const section = useMutation({
    mutationFn: async () => {
      if (!(await autosave.saveNow())) return null;
      const area = target.kind as 'header' | 'footer';
      const reloaded = await target.load();
      await data(
        api.POST('/api/sections/{area}/publish', {
          params: { path: { area } },
          body: { version: reloaded.version ?? 0 },
        }),
      );
      return target.load();
    },
    onSuccess: (next) => next && props.onOpened(next),
  });

  const status = {
    saved: t('builder.visual.status.saved'),
    unsaved: target.autosave ? t('builder.visual.status.unsaved') : t('builder.visual.status.unsavedPattern'),
    saving: t('builder.visual.status.saving'),
    failed: t('builder.visual.status.failed'),
    conflict: t('builder.visual.status.conflict'),
    locked: t('builder.visual.status.locked'),
  }[autosave.status];

  return (
    <header className="builder-top">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Button variant="subtle" size="xs" onClick={() => void back()}>
          {t('builder.visual.back')}
        </Button>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h5" lineClamp={1}>
            {opened.title}
          </Title>
          <Group gap={6} wrap="nowrap">
            <Text
              size="xs"
              c={autosave.status === 'failed' || autosave.status === 'conflict' ? 'red.8' : 'dimmed'}
              role="status"
              data-save-status={autosave.status}
            >
              {status}
            </Text>
            {autosave.status === 'failed' ? (
              <Button size="compact-xs" variant="light" onClick={() => void autosave.saveNow()}>
                {t('app.retry')}
              </Button>
            ) : null}
          </Group>
        </div>
      </Group>
      <SegmentedControl
        size="xs"
        role="radiogroup"
        aria-label={t('builder.visual.breakpoint')}
        value={props.breakpoint}
        onChange={(next) => props.onBreakpoint(next as Breakpoint)}
        data={BREAKPOINTS.map((breakpoint) => ({
          value: breakpoint,
          label: t(`builder.breakpoints.${breakpoint}`),
        }))}
      />
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <Tooltip label={t('builder.visual.undoKeys')}>
          <Button
            size="xs"
            variant="default"
            disabled={!props.canUndo || props.readOnly}
            onClick={props.onUndo}
          >
            {t('builder.visual.undo')}
          </Button>
        </Tooltip>
        <Tooltip label={t('builder.visual.redoKeys')}>
          <Button
            size="xs"
            variant="default"
            disabled={!props.canRedo || props.readOnly}
            onClick={props.onRedo}
          >
            {t('builder.visual.redo')}
          </Button>
        </Tooltip>
        {opened.entry ? (
          <>
            <Button size="xs" variant="default" onClick={() => setRevisions(true)}>
              {t('builder.visual.revisions')}
            </Button>
            <Popover position="bottom-end" width={320} withArrow trapFocus>
              <Popover.Target>
                <Button size="xs">{t('builder.visual.workflow')}</Button>
              </Popover.Target>
              <Popover.Dropdown>
                <WorkflowPanel
                  type="page"
                  entry={opened.entry}
                  disabled={props.readOnly}
                  saveFirst={async () =>
                    (await autosave.saveNow()) ? ((await target.load()).entry ?? null) : null
                  }
                  onDone={(entry) => props.onOpened({ ...opened, entry, version: entry.version })}
                  publish={(id) =>
                    data(api.POST('/api/builder/page/{id}/publish', { params: { path: { id } } }))
                  }
                />
              </Popover.Dropdown>
            </Popover>
          </>
        ) : target.kind === 'header' || target.kind === 'footer' ? (
          <Button
            size="xs"
            loading={section.isPending}
            disabled={props.readOnly}
            onClick={() => section.mutate()}
          >
            {t('builder.visual.publishSection')}
          </Button>
        ) : (
          <Button
            size="xs"
            disabled={props.readOnly || autosave.status === 'saved'}
            loading={autosave.status === 'saving'}
            onClick={() => void autosave.saveNow()}
          >
            {t('builder.visual.savePattern')}
          </Button>
        )}
      </Group>
      {autosave.status === 'conflict' ? (
        <div className="builder-conflict" role="alert">
          <Text size="sm">{t('builder.visual.conflict')}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => void reload()}>
              {t('builder.visual.reloadTheirs')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void keepMine()}>
              {t('builder.visual.keepMine')}
            </Button>
          </Group>
        </div>
      ) : null}
      {opened.entry ? (
        <Drawer
          opened={revisions}
          onClose={() => setRevisions(false)}
          position="right"
          size="lg"
          title={t('builder.visual.revisions')}
          closeButtonProps={{ 'aria-label': t('app.close') }}
        >
          <RevisionsPanel
            type="page"
            builder
            onPreview={(revision) => {
              setRevisions(false);
              props.onPreviewRevision(revision);
            }}
            entry={opened.entry}
            dirty={autosave.dirty}
            readOnly={props.readOnly}
            onRestored={(entry) => {
              setRevisions(false);
              props.onRestored({
                ...opened,
                entry,
                version: entry.version,
                blocks: entry.blocks ?? [],
                title: entry.title,
              });
            }}
          />
        </Drawer>
      ) : null}
    </header>
  );
}
