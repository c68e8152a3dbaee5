import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../site.js';
import { fromWallClock, toWallClock } from '../zoned.js';

/** A pending job's next run, in the site's time zone like every date of the admin. */
export function RescheduleForm(props: {
  runAt: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (runAt: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zone = useSite().data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [local, setLocal] = useState(() => toWallClock(props.runAt, zone));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const instant = fromWallClock(local, zone);
    if (instant) props.onSubmit(instant);
  }

  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="xs">
        <TextInput
          type="datetime-local"
          label={t('jobs.rescheduleAt', { zone })}
          required
          value={local}
          onChange={(event) => setLocal(event.currentTarget.value)}
          error={props.error}
        />
        <Button type="submit" loading={props.pending}>
          {t('jobs.rescheduleSave')}
        </Button>
        <Button variant="default" onClick={props.onClose}>
          {t('jobs.close')}
        </Button>
      </Group>
    </form>
  );
}
