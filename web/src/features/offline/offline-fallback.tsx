/**
 * A page that was never opened on this device while online, opened offline (issue 25): its reads find
 * nothing saved, so instead of a page of failures the shell shows one friendly page that says so and offers
 * to try again. The page itself stays mounted (hidden), so its reads are the ones tried again, and it shows
 * by itself once they answer (the banner sends them again when the browser is back online).
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { failureStatus } from '../forms/feedback.ts';

/** A read the page shows now that failed without any answer (no status: the network, not the server). */
function failedUnanswered(query: Query): boolean {
  return (
    query.getObserversCount() > 0 &&
    query.state.status === 'error' &&
    query.state.data === undefined &&
    failureStatus(query.state.error) === null
  );
}

/** True while some read on the page failed without an answer (updates as the query cache changes). */
export function useUnansweredReads(client: QueryClient): boolean {
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  const read = () => client.getQueryCache().getAll().some(failedUnanswered);
  return useSyncExternalStore(subscribe, read, () => false);
}

/** The friendly offline page: what happened, what will happen, and a way to try again. */
export function OfflinePage({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" py="xl" maw={640} data-testid="offline-page">
      <Title order={1}>{t('offline.pageHeading')}</Title>
      <Text size="lg">{t('offline.pageText')}</Text>
      <Text>{t('offline.pageHint')}</Text>
      <Group>
        <Button onClick={retry}>{t('offline.tryAgain')}</Button>
      </Group>
    </Stack>
  );
}

/** Wraps a shell's page: while offline with an unanswered read, the offline page shows in its place. */
export function OfflineFallback({ children }: { children: ReactNode }) {
  const { online } = useNetwork();
  const client = useQueryClient();
  const unanswered = useUnansweredReads(client);
  const offlinePage = !online && unanswered;
  const retry = () =>
    void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  return (
    <>
      {offlinePage ? <OfflinePage retry={retry} /> : null}
      <div hidden={offlinePage}>{children}</div>
    </>
  );
}
