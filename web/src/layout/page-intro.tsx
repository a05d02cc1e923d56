import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of a content page: its one h1 and an optional lead paragraph, on a soft band. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby="page-title"
      py={{ base: 40, sm: 56 }}
      mb={{ base: 32, sm: 48 }}
      bg="light-dark(var(--mantine-color-honey-0), var(--mantine-color-dark-6))"
    >
      <Container size="md">
        <Title order={1} id="page-title">
          {title}
        </Title>
        {lead ? (
          <Text size="xl" mt="md" maw="65ch">
            {lead}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
