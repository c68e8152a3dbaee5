import { Anchor, Box, Center, Image, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle, useSite, useSystemName } from '../site.js';

/** The frame of the screens before sign-in: the site's logo and name, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const site = useSite().data;
  const name = useSystemName();
  useDocumentTitle(title);
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={420}>
        <Stack align="center" mb="lg" gap="xs">
          {site?.branding.logo_url ? <Image src={site.branding.logo_url} alt="" h={48} w="auto" /> : null}
          {name ? (
            <Anchor href="/" underline="never" c="dimmed" size="sm">
              {name}
            </Anchor>
          ) : null}
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
