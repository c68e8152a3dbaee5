import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';

// The server's formats (public/redirects.ts check), as patterns: the browser matches the whole value,
// the server trims it first.
const FROM = String.raw`\s*/.*`;
const TO = String.raw`\s*(?:/(?!/).*|[Hh][Tt][Tt][Pp][Ss]?://\S+)\s*`;

export const STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof STATUSES)[number];

export interface RedirectDraft {
  from: string;
  to: string | null;
  status: RedirectStatus;
}

/** A redirect's old address, new address and kind; a 410 sends nowhere, so it has no new address. */
export function RedirectForm(props: {
  initial?: RedirectDraft;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (draft: RedirectDraft) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(props.initial?.from ?? '');
  const [to, setTo] = useState(props.initial?.to ?? '');
  const [status, setStatus] = useState<RedirectStatus>(props.initial?.status ?? 301);
  const [local, setLocal] = useState<ApiError | null>(null);
  const errors = fieldErrors(local ?? props.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    props.onSubmit({ from: from.trim(), to: status === 410 ? null : to.trim() || null, status });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            name="from"
            label={t('settings.redirects.from')}
            description={t('settings.redirects.fromHelp')}
            required
            maxLength={2000}
            pattern={FROM}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={errors.from}
            miw={200}
          />
          <Select
            label={t('settings.redirects.status')}
            allowDeselect={false}
            data={STATUSES.map((code) => ({
              value: String(code),
              label: t(`settings.redirects.statusOption.${code}`),
            }))}
            value={String(status)}
            onChange={(value) => setStatus(Number(value ?? 301) as RedirectStatus)}
            error={errors.status}
            miw={200}
          />
          <TextInput
            name="to"
            label={t('settings.redirects.to')}
            description={t('settings.redirects.toHelp')}
            disabled={status === 410}
            required={status !== 410}
            pattern={TO}
            maxLength={2000}
            value={status === 410 ? '' : to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={errors.to}
            miw={200}
          />
        </Group>
        <Group gap="xs">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('settings.redirects.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
