/**
 * A parent's calendar subscription (issue 24) on My sessions: make a secret iCalendar link, copy it into a
 * calendar app, make a new one (the old one stops working) or turn it off. The server keeps only a hash of the
 * link, so it is shown once, right after it is made.
 */
import { type CalendarFeed, dateTimeFormat } from '@lc/contract';
import { Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCalendarFeed, getCalendarFeed, removeCalendarFeed } from '../../api/family-sharing.ts';
import { familySharingKeys } from '../../api/query-keys.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

export function CalendarFeedSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<CalendarFeed | null>(null);
  const status = useQuery({
    queryKey: familySharingKeys.calendarFeed(),
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: familySharingKeys.calendarFeed() });
  const make = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => {
      setMade(feed);
      return refresh();
    },
    onError: () => notifyError(t('portal.mySessions.calendar.feedFailed')),
  });
  const off = useMutation({
    mutationFn: removeCalendarFeed,
    onSuccess: () => {
      setMade(null);
      notifySuccess(t('portal.mySessions.calendar.feedTurnedOff'));
      return refresh();
    },
    onError: () => notifyError(t('portal.mySessions.calendar.feedFailed')),
  });
  const active = status.data?.active === true;
  const since = status.data?.created
    ? dateTimeFormat(intlLocale(), { month: 'long', day: 'numeric', year: 'numeric' }).format(
        new Date(status.data.created),
      )
    : '';
  return (
    <Stack gap="xs" mt="lg">
      <Title order={3} size="h4">
        {t('portal.mySessions.calendar.feedHeading')}
      </Title>
      <Text>{t('portal.mySessions.calendar.feedIntro')}</Text>
      {made ? (
        <Stack gap={6}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              readOnly
              label={t('portal.mySessions.calendar.feedLink')}
              description={t('portal.mySessions.calendar.feedLinkHelp')}
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={made.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-live="polite">
                  {copied
                    ? t('portal.mySessions.calendar.feedCopied')
                    : t('portal.mySessions.calendar.feedCopy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      ) : active ? (
        <Text>{t('portal.mySessions.calendar.feedActive', { date: since })}</Text>
      ) : null}
      {status.isSuccess ? (
        <Group gap="xs">
          <Button
            variant={active ? 'default' : 'filled'}
            loading={make.isPending}
            onClick={() => make.mutate()}
          >
            {active ? t('portal.mySessions.calendar.feedNew') : t('portal.mySessions.calendar.feedMake')}
          </Button>
          {active ? (
            <Button variant="subtle" loading={off.isPending} onClick={() => off.mutate()}>
              {t('portal.mySessions.calendar.feedOff')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
