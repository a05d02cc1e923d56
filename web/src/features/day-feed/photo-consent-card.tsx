/**
 * A child's photo release on the child's page (issue 25; decision 033): what sharing means, the family's
 * choice (share with the class's families, or only with us), and who chose it when. Until a parent chooses,
 * photos with the child are shown only to the family. The choice applies at once to every photo posted.
 */
import type { PhotoConsentView } from '@lc/contract';
import { dateTimeFormat } from '@lc/contract';
import { Button, Card, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPhotoConsent } from '../../api/day-feed.ts';
import { dayFeedQueries } from '../../api/queries/day-feed.ts';
import { dayFeedKeys } from '../../api/query-keys.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';
import { notifySuccess } from '../forms/notify.ts';
import { FormFailure } from '../forms/use-submit.tsx';

export function PhotoConsentCard({ studentId, name }: { studentId: string; name: string }) {
  const consent = useQuery(dayFeedQueries.photoConsent(studentId));
  if (consent.status !== 'success') return null;
  return <ConsentForm key={consent.data.consent} studentId={studentId} name={name} view={consent.data} />;
}

function ConsentForm({ studentId, name, view }: { studentId: string; name: string; view: PhotoConsentView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<string>(view.consent === 'NotAsked' ? '' : view.consent);
  const save = useMutation({
    mutationFn: (consent: 'Granted' | 'Refused') => setPhotoConsent(studentId, { consent }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(dayFeedKeys.photoConsent(studentId), saved);
      await queryClient.invalidateQueries({ queryKey: dayFeedKeys.childFeeds(studentId) });
      notifySuccess(t('feed.consent.saved', { name }));
    },
  });
  const headingId = `photo-consent-${studentId}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === 'Granted' || choice === 'Refused') save.mutate(choice);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {t('feed.consent.title', { name })}
          </Title>
          <Text maw="65ch">{t('feed.consent.explain', { name })}</Text>
          <Radio.Group value={choice} onChange={setChoice} label={t('feed.consent.legend', { name })}>
            <Stack gap="xs" mt="xs">
              <Radio value="Granted" label={t('feed.consent.Granted', { name })} />
              <Radio value="Refused" label={t('feed.consent.Refused', { name })} />
            </Stack>
          </Radio.Group>
          <Text size="sm">
            {view.consent === 'NotAsked'
              ? t('feed.consent.notAsked', { name })
              : t('feed.consent.decided', {
                  person: view.decidedBy ?? '—',
                  date: dateTimeFormat(intlLocale(), {
                    dateStyle: 'long',
                    timeZone: CENTER_TIME_ZONE,
                  }).format(new Date(view.decidedAt ?? Date.now())),
                })}
          </Text>
          <FormFailure failure={save.isError ? t('feed.consent.failed') : null} />
          <Button type="submit" loading={save.isPending} disabled={!choice} w="fit-content">
            {t('feed.consent.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
