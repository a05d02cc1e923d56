/**
 * The offline state's banner (issue 25): at the top of the portal and the staff shell, while the browser is
 * offline, a polite status message that the page shows what this device saved and that nothing can be sent;
 * it goes away when the browser is back online. Rendered only while offline: the app's pages have no status
 * region once loaded (a status is a page still loading, which the browser tests wait out). Back online, the
 * reads that failed for want of a network are sent again, so a page that could not open fills in by itself.
 */
import { Box } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './offline.module.css';

export function OfflineBanner({ mb }: { mb?: string }) {
  const { t } = useTranslation();
  const { online } = useNetwork();
  const queryClient = useQueryClient();
  const [wasOffline, setWasOffline] = useState(false);

  useEffect(() => {
    if (!online) setWasOffline(true);
    else if (wasOffline)
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
  }, [online, wasOffline, queryClient]);

  if (online) return null;
  return (
    <Box role="status" aria-live="polite" mb={mb} className={classes.banner} data-testid="offline-banner">
      <svg
        className={classes.icon}
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {/* A cloud with a line through it: no connection. */}
        <path d="M3 3l18 18" />
        <path d="M18.4 18.4A4.5 4.5 0 0 0 17.5 9.5h-.6A7 7 0 0 0 8.2 5.3" />
        <path d="M5.4 7.4A7 7 0 0 0 6.5 18.5h11" />
      </svg>
      <span>{t('offline.banner')}</span>
    </Box>
  );
}
