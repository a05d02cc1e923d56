import { routes } from '@lc/contract';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/use-page-title';

/** spec §2: any unmatched path. The heading is the spec's exact text. */
export const NOT_FOUND_TEXT = 'Oops! Looks like you followed a bad link.';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="lg" ta="center">
        <Text fz={56} fw={800} ff="heading" c="oak" aria-hidden="true" lh={1}>
          404
        </Text>
        <Title order={1}>{NOT_FOUND_TEXT}</Title>
        <Text c="dimmed">
          The page may have moved, or the address has a typo. Everything else is right where you left it.
        </Text>
        <Button component={Link} to={routes.home} size="md">
          Back home
        </Button>
      </Stack>
    </Container>
  );
}
