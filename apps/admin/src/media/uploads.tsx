import { Box, Button, CloseButton, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api.js';
import { type MediaPage, withArrival } from './arrivals.js';
import type { Media } from './model.js';
import type { MediaQuery } from './queries.js';
import { NETWORK_ERROR, refusalOf, uploadMedia } from './upload.js';

export interface Upload {
  key: number;
  name: string;
  /** From 0 to 1. */
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}

/** At most this many files go up at once: the upload rate limit counts every one. */
const AT_ONCE = 2;

/**
 * Files going up to the library, each with its progress and, when refused, the server's reason.
 * `onUploaded` hears of each new item (the picker chooses it).
 */
export function useUploads(folderId: number | null, onUploaded?: (media: Media) => void) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const waiting = useRef<{ key: number; file: File; folderId: number | null }[]>([]);
  const running = useRef(0);
  const nextKey = useRef(1);
  const heard = useRef(onUploaded);
  useEffect(() => {
    heard.current = onUploaded;
  }, [onUploaded]);

  const change = useCallback(
    (key: number, patch: Partial<Upload>) =>
      setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload))),
    [],
  );

  const pump = useCallback(() => {
    while (running.current < AT_ONCE && waiting.current.length > 0) {
      const next = waiting.current.shift();
      if (!next) break;
      running.current++;
      change(next.key, { state: 'uploading' });
      uploadMedia(next.file, {
        folderId: next.folderId,
        onProgress: (progress) => change(next.key, { progress }),
      })
        .then((media) => {
          change(next.key, { state: 'done', progress: 1 });
          for (const [key, list] of client.getQueriesData<MediaPage>({ queryKey: ['media', 'list'] })) {
            const shown = withArrival(list, key[2] as MediaQuery, media);
            if (shown) client.setQueryData(key, shown);
          }
          heard.current?.(media);
          void client.invalidateQueries({ queryKey: ['media'] });
        })
        .catch((error: ApiError) =>
          change(next.key, {
            state: 'failed',
            error: error.code === NETWORK_ERROR ? t('media.upload.network') : refusalOf(error),
          }),
        )
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, [change, client, t]);

  const add = useCallback(
    (files: readonly File[]) => {
      // Into the folder shown when they were added, even if another is shown by the time they go up.
      const added = files.map((file) => ({ key: nextKey.current++, file, folderId }));
      setUploads((all) => [
        ...all,
        ...added.map(({ key, file }) => ({ key, name: file.name, progress: 0, state: 'waiting' as const })),
      ]);
      waiting.current.push(...added);
      pump();
    },
    [pump, folderId],
  );

  const dismiss = (key: number) => setUploads((all) => all.filter((upload) => upload.key !== key));
  const clearFinished = () =>
    setUploads((all) => all.filter((upload) => upload.state === 'waiting' || upload.state === 'uploading'));
  return { uploads, add, dismiss, clearFinished };
}

/** The files going up, one line each: name, progress bar, and the reason a refused one gives. */
export function UploadList({ uploads, dismiss, clearFinished }: ReturnType<typeof useUploads>) {
  const { t } = useTranslation();
  if (uploads.length === 0) return null;
  const finished = uploads.some((upload) => upload.state === 'done' || upload.state === 'failed');
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('media.upload.listLabel')}>
      <Stack gap="xs">
        {uploads.map((upload) => (
          <Box key={upload.key}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate fw={500}>
                {upload.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c={upload.state === 'failed' ? 'red.9' : 'dimmed'}>
                  {t(`media.upload.state.${upload.state}`, { percent: Math.round(upload.progress * 100) })}
                </Text>
                {upload.state === 'done' || upload.state === 'failed' ? (
                  <CloseButton
                    size="sm"
                    onClick={() => dismiss(upload.key)}
                    aria-label={t('media.upload.dismiss', { name: upload.name })}
                  />
                ) : null}
              </Group>
            </Group>
            {upload.state === 'failed' ? (
              <Text size="sm" c="red.9" role="alert">
                {upload.error}
              </Text>
            ) : (
              <Progress
                value={upload.progress * 100}
                size="sm"
                color={upload.state === 'done' ? 'green.8' : undefined}
                aria-label={t('media.upload.progress', { name: upload.name })}
              />
            )}
          </Box>
        ))}
        {finished ? (
          <Group justify="flex-end">
            <Button size="compact-sm" variant="subtle" onClick={clearFinished}>
              {t('media.upload.clear')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * An area files can be dropped on (several at once), with a note over it while they are dragged.
 * Only file drags count: a dragged link or text is left alone.
 */
export function DropArea(props: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  if (props.disabled) return <>{props.children}</>;
  return (
    <Box
      pos="relative"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        // Leaving a child for another child fires too: only the last leave ends the drag.
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) props.onFiles(files);
      }}
    >
      {props.children}
      {over ? (
        <Box
          pos="absolute"
          inset={0}
          style={{
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: '3px dashed var(--mantine-primary-color-filled)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'color-mix(in srgb, var(--mantine-color-body) 85%, transparent)',
            pointerEvents: 'none',
          }}
        >
          <Text fw={700} size="lg">
            {t('media.upload.dropHere')}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** The button that opens the browser's file picker: several files, or one. */
export function UploadButton(props: {
  onFiles: (files: File[]) => void;
  multiple: boolean;
  accept?: string | undefined;
  label: string;
  variant?: 'filled' | 'default';
}) {
  const button = (open: { onClick: () => void }) => (
    <Button variant={props.variant ?? 'filled'} {...open}>
      {props.label}
    </Button>
  );
  const accept = props.accept ? { accept: props.accept } : {};
  return props.multiple ? (
    <FileButton multiple onChange={props.onFiles} {...accept}>
      {button}
    </FileButton>
  ) : (
    <FileButton onChange={(file) => (file ? props.onFiles([file]) : undefined)} {...accept}>
      {button}
    </FileButton>
  );
}
