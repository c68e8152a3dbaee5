import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, formProblems } from '../forms.js';
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
  const [problem, setProblem] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = fieldErrors(formProblems(event.currentTarget));
    setProblem(problems.run_at);
    if (problems.run_at) return;
    const instant = fromWallClock(local, zone);
    if (instant) props.onSubmit(instant);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          name="run_at"
          type="datetime-local"
          label={t('jobs.rescheduleAt', { zone })}
          required
          value={local}
          onChange={(event) => setLocal(event.currentTarget.value)}
          error={problem ?? props.error}
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
