import { routes } from '@lc/contract';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { markAppReady, PageLoadTimeoutError } from './lazy-page';
import NotFoundPage from './not-found-page';
import { usePageTitle } from './use-page-title';

/**
 * Shown when a page fails to load or render. A missing chunk after a new deployment is the usual cause,
 * so the first offer is a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <LoadError slow={error instanceof PageLoadTimeoutError} />;
}

function LoadError({ slow }: { slow: boolean }) {
  usePageTitle('Something went wrong');
  useEffect(markAppReady, []);
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{slow ? 'This page is taking too long' : 'Something went wrong'}</Title>
        <Text>
          {slow
            ? 'The page did not finish loading. Please check your connection and try again.'
            : 'We couldn’t show this page. Reloading usually fixes it; if not, please call or email us.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button component={Link} to={routes.home} variant="default" reloadDocument>
            Back home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
