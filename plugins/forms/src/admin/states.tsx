import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AdminTranslate } from '@tessera/plugin/admin';

/** A screen or part of one still loading: a spinner with its words, announced politely. */
export function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/** What could not be loaded and why (`text`, a sentence), and a way to try again. */
export function LoadFailed(props: { text: string; retry: () => void; t: AdminTranslate }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{props.text}</Text>
        <Button size="compact-sm" variant="default" onClick={props.retry}>
          {props.t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The message of an API failure (AdminApiError's, or a lost connection's). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Per-field messages of an API failure (an AdminApiError's `errors`), {} for any other. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? { ...(errors as Record<string, string[]>) } : {};
}

/** The stable code of an API failure (`form_slug_taken`), null for any other. */
export const codeOf = (error: unknown): string | null => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};
