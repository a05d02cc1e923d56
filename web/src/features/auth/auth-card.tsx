import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site } from '../../content/site.ts';
import { BrandMark } from '../../layout/brand-mark.tsx';

type AuthCardProps = {
  /** The page's one h1. */
  title: string;
  /** A sentence under the heading. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the account pages (spec §2 "Public routes without the main layout"): a centred card with the
 * center's name linking home, above the form.
 */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py="xl"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Stack w="100%" maw={440} gap="lg">
        <Anchor
          component={Link}
          to="/"
          fw={700}
          fz="xl"
          underline="hover"
          c="var(--mantine-color-text)"
          ff="heading"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 10, alignSelf: 'center' }}
        >
          <BrandMark size={36} />
          {site.name}
        </Anchor>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz="h2">
                {title}
              </Title>
              {intro ? <Text>{intro}</Text> : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}
