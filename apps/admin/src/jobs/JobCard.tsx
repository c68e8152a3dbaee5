import { Badge, Button, Code, Collapse, Group, Paper, Spoiler, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../shell/confirm.js';
import { useDateFormat } from '../site.js';
import { RescheduleForm } from './RescheduleForm.js';

export interface Job {
  id: number;
  name: string;
  queue: string;
  payload: unknown;
  site_id: number | null;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
}

const STATUS_COLOR = {
  pending: 'blue',
  running: 'yellow',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
} as const;

/**
 * One job: what it is, where it stands, why it last failed, and what can be done to it now
 * (a failed one retried; a waiting one cancelled or moved).
 */
export function JobCard(props: {
  job: Job;
  busy: boolean;
  rescheduleError: string | undefined;
  onRetry: () => void;
  onCancel: () => void;
  onReschedule: (runAt: string) => void;
  rescheduling: boolean;
  onRescheduleToggle: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const when = useDateFormat();
  const { job } = props;
  const [payload, setPayload] = useState(false);
  const names = { id: job.id, name: job.name };
  // Each button's name starts with its visible words, then says which job it acts on.
  const about = (action: string) => `${action}: ${t('jobs.subject', names)}`;
  const panel = `job-payload-${job.id}`;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Code fw={600}>{job.name}</Code>
            <Text size="sm" c="dimmed">
              #{job.id} · {job.queue} ·{' '}
              {job.site_id === null ? t('jobs.installation') : t('jobs.site', { id: job.site_id })}
            </Text>
          </Group>
          <Badge variant="dot" color={STATUS_COLOR[job.status]} style={{ flexShrink: 0 }}>
            {t(`jobs.status.${job.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('jobs.attempts', { attempts: job.attempts, max: job.max_attempts })}
          {' · '}
          {job.status === 'completed' && job.completed_at
            ? t('jobs.completedAt', { when: when.format(new Date(job.completed_at)) })
            : job.status === 'pending'
              ? t('jobs.runAt', { when: when.format(new Date(job.run_at)) })
              : t('jobs.ranAt', { when: when.format(new Date(job.run_at)) })}
          {' · '}
          {t('jobs.createdAt', { when: when.format(new Date(job.created_at)) })}
        </Text>
        {job.status === 'running' && job.locked_by && job.locked_until ? (
          <Text size="sm" c="dimmed">
            {t('jobs.lockedBy', { worker: job.locked_by, when: when.format(new Date(job.locked_until)) })}
          </Text>
        ) : null}
        {job.last_error ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('jobs.lastError')}
            </Text>
            <Spoiler maxHeight={64} showLabel={t('jobs.more')} hideLabel={t('jobs.less')}>
              <Code block c="red.9" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {job.last_error}
              </Code>
            </Spoiler>
          </Stack>
        ) : null}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={payload}
            aria-controls={panel}
            onClick={() => setPayload((open) => !open)}
            aria-label={about(payload ? t('jobs.hidePayload') : t('jobs.showPayload'))}
          >
            {payload ? t('jobs.hidePayload') : t('jobs.showPayload')}
          </Button>
          {job.status === 'failed' ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={props.busy}
              onClick={props.onRetry}
              aria-label={about(t('jobs.retry'))}
            >
              {t('jobs.retry')}
            </Button>
          ) : null}
          {job.status === 'pending' ? (
            <>
              <Button
                size="compact-sm"
                variant="subtle"
                aria-expanded={props.rescheduling}
                onClick={() => props.onRescheduleToggle(!props.rescheduling)}
                aria-label={about(t('jobs.reschedule'))}
              >
                {t('jobs.reschedule')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={props.busy}
                onClick={async () => {
                  const yes = await ask({
                    title: t('jobs.cancelTitle'),
                    text: t('jobs.cancelConfirm', names),
                    confirm: t('jobs.cancel'),
                    danger: true,
                  });
                  if (yes) props.onCancel();
                }}
                aria-label={about(t('jobs.cancel'))}
              >
                {t('jobs.cancel')}
              </Button>
            </>
          ) : null}
        </Group>
        {props.rescheduling && job.status === 'pending' ? (
          <RescheduleForm
            runAt={job.run_at}
            pending={props.busy}
            error={props.rescheduleError}
            onSubmit={props.onReschedule}
            onClose={() => props.onRescheduleToggle(false)}
          />
        ) : null}
        <Collapse expanded={payload} id={panel} keepMounted={false}>
          <Code
            block
            style={{ maxHeight: 240, overflow: 'auto' }}
            tabIndex={0}
            aria-label={t('jobs.payload')}
          >
            {JSON.stringify(job.payload, null, 2)}
          </Code>
        </Collapse>
      </Stack>
    </Paper>
  );
}
