import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, toApiError } from '../api.js';
import { fieldErrors, formProblems, withProblem } from '../forms.js';
import { ME, useSession } from '../session.js';
import { FormOutcome } from '../shell/FormOutcome.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPasswordProblems } from './password-rules.js';

/**
 * A new password, with the current one (PUT /api/me). The server then signs out every other
 * session and revokes the API tokens; this session stays, and says how many tokens went.
 */
export function PasswordPanel() {
  const { t } = useTranslation();
  const user = useSession();
  const client = useQueryClient();
  const [local, setLocal] = useState<ApiError | null>(null);
  const change = useMutation({
    mutationFn: async (body: { password: string; current_password: string }) => {
      // Not `data()`: the answer's meta says how many tokens the change revoked.
      const { data: answer, error, response } = await api.PUT('/api/me', { body });
      if (!answer) throw toApiError(error, response);
      return answer;
    },
    onSuccess: (answer) => {
      client.setQueryData(ME, answer.data);
      void client.invalidateQueries({ queryKey: ['tokens'] });
    },
  });
  const error = local ?? (change.error as ApiError | null);
  const errors = fieldErrors(error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const password = String(values.get('password') ?? '');
    const repeated = String(values.get('password_repeat') ?? '');
    let problems = formProblems(form);
    for (const [field, problem] of Object.entries(newPasswordProblems(password, repeated, user.email)))
      if (!problems?.errors[field]) problems = withProblem(problems, field, t(`profile.${problem}`));
    setLocal(problems);
    change.reset();
    if (problems) return;
    change.mutate(
      { password, current_password: String(values.get('current_password') ?? '') },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="password-title">
      <Title id="password-title" order={2} size="h4" mb="xs">
        {t('profile.password')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.passwordHelp')}
      </Text>
      <form noValidate onSubmit={submit}>
        <Stack maw={560}>
          <FormOutcome
            saved={
              change.data ? (
                <>
                  {t('profile.passwordChanged')}{' '}
                  {change.data.meta.tokens_revoked > 0
                    ? t('profile.tokensRevoked', { count: change.data.meta.tokens_revoked })
                    : null}
                </>
              ) : null
            }
            error={error}
          />
          <PasswordInput
            name="current_password"
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            maxLength={1024}
            error={errors.current_password}
          />
          <PasswordInput
            name="password"
            label={t('profile.newPassword')}
            description={t('profile.newPasswordHelp')}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            error={errors.password}
          />
          <PasswordInput
            name="password_repeat"
            label={t('profile.repeatPassword')}
            autoComplete="new-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
            error={errors.password_repeat}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
