import { routes } from '@lc/contract';
import { Button, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Shown instead of the child picker when the family has no children on file yet. */
export function NoChildrenPanel({ action }: { action: 'enroll' | 'join the waitlist' }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h3">
        First, add your child
      </Title>
      <Text mt="xs">
        To {action}, we need to know who your child is. Adding them takes a minute — their name and date of
        birth — then come back to this page.
      </Text>
      <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
        Add a child
      </Button>
    </Paper>
  );
}
