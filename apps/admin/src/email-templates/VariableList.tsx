import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { mailVariableText } from './descriptions.js';

export interface MailVariable {
  name: string;
  type: 'string' | 'url' | 'email' | 'list';
  description: string;
  example?: unknown;
}

/** A variable as a template prints it. */
export function liquidOutput(name: string): string {
  return `{{ ${name} }}`;
}

function exampleText(example: unknown): string {
  return typeof example === 'string' ? example : JSON.stringify(example);
}

/**
 * What an event's templates may print, each with its type, what it holds and the example previews
 * use; choosing one inserts it at the cursor of the part named (`partLabel`).
 */
export function VariableList({
  event,
  variables,
  partLabel,
  onInsert,
}: {
  event: string;
  variables: readonly MailVariable[];
  partLabel: string;
  onInsert: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="mail-variables">
      <Title id="mail-variables" order={2} size="h4">
        {t('emailTemplates.variables')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('emailTemplates.variablesHelp', { part: partLabel })}
      </Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {variables.map((variable) => (
          <Stack key={variable.name} gap={2} component="li">
            <Group gap={6} wrap="nowrap" align="center">
              <Button
                size="compact-sm"
                variant="light"
                ff="monospace"
                styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-all', textAlign: 'left' } }}
                h="auto"
                py={2}
                onClick={() => onInsert(variable.name)}
                aria-label={t('emailTemplates.insertLabel', {
                  name: liquidOutput(variable.name),
                  part: partLabel,
                })}
              >
                {liquidOutput(variable.name)}
              </Button>
              <Badge size="sm" variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }}>
                {t(`emailTemplates.type.${variable.type}`)}
              </Badge>
            </Group>
            <Text size="sm">{mailVariableText(event, variable)}</Text>
            {variable.example !== undefined && variable.example !== '' ? (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {t('emailTemplates.example')} <Code>{exampleText(variable.example)}</Code>
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
