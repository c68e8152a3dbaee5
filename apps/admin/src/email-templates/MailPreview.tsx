import { Box, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The widths a mail is read at: a desktop client's (mail layouts are 600 px wide) and a phone's. */
const WIDTHS = { desktop: '100%', mobile: '375px' } as const;
type Width = keyof typeof WIDTHS;

/**
 * The mail as it is sent, with sample data: its subject, its HTML part in a frame at a desktop or a
 * phone's width, and its text part. The frame is sandboxed with nothing allowed (`sandbox=""`):
 * the HTML is the administrator's own, yet no script in it runs, here inside the admin's session.
 */
export function MailPreview({
  mail,
  updating,
  stale,
  failure,
}: {
  /** The last mail that rendered; null before the first. */
  mail: RenderedMail | null;
  updating: boolean;
  /** The draft has a problem: `mail` is an earlier version. */
  stale: boolean;
  /** A failure that names no part (a lost connection), said here. */
  failure: string | null;
}) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<Width>('desktop');
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="mail-preview">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title id="mail-preview" order={2} size="h4">
              {t('emailTemplates.preview')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('emailTemplates.previewHelp')}
            </Text>
            <Box role="status" aria-live="polite" mih={20}>
              {failure ? (
                <Text size="sm" c="red">
                  {failure}
                </Text>
              ) : stale ? (
                <Text size="sm" c="red">
                  {t('emailTemplates.stale')}
                </Text>
              ) : updating ? (
                <Text size="sm" c="dimmed">
                  {t('emailTemplates.updating')}
                </Text>
              ) : null}
            </Box>
          </div>
          <SegmentedControl
            aria-label={t('emailTemplates.width')}
            value={width}
            onChange={(value) => setWidth(value as Width)}
            data={[
              { value: 'desktop', label: t('emailTemplates.desktop') },
              { value: 'mobile', label: t('emailTemplates.mobile') },
            ]}
          />
        </Group>
        {mail ? (
          <>
            <Text size="sm">
              <Text span fw={600}>
                {t('emailTemplates.subjectShown')}
              </Text>{' '}
              <span data-testid="preview-subject">{mail.subject}</span>
            </Text>
            <Box
              bg="var(--mantine-color-default-hover)"
              p={width === 'mobile' ? 'md' : 0}
              style={{ overflowX: 'auto', borderRadius: 'var(--mantine-radius-default)' }}
              // Wider than a narrow column at desktop width: it scrolls, so the keyboard reaches it.
              tabIndex={0}
              role="group"
              aria-label={t('emailTemplates.frameTitle')}
            >
              <iframe
                title={t('emailTemplates.frameTitle')}
                sandbox=""
                srcDoc={mail.html}
                data-width={width}
                style={{
                  display: 'block',
                  width: WIDTHS[width],
                  minWidth: width === 'desktop' ? 600 : undefined,
                  height: 560,
                  margin: '0 auto',
                  border: '1px solid var(--mantine-color-default-border)',
                  background: '#fff',
                }}
              />
            </Box>
            <Title order={3} size="h5">
              {t('emailTemplates.textPart')}
            </Title>
            <Box
              component="pre"
              data-testid="preview-text"
              // Scrolls when long: reachable by keyboard to be read.
              tabIndex={0}
              m={0}
              p="sm"
              fz="sm"
              ff="monospace"
              mah={320}
              style={{
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-default)',
              }}
            >
              {mail.text}
            </Box>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
