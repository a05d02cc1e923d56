/**
 * The parent's daily summary mail (issue 25), opt-in: one switch, saved when turned, with a toast saying
 * what it now does.
 */
import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setDailySummary } from '../../api/day-feed.ts';
import { dayFeedQueries } from '../../api/queries/day-feed.ts';
import { dayFeedKeys } from '../../api/query-keys.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

export function DailySummarySwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setting = useQuery(dayFeedQueries.dailySummary());
  const save = useMutation({
    mutationFn: setDailySummary,
    onSuccess: (saved) => {
      queryClient.setQueryData(dayFeedKeys.dailySummary(), saved);
      notifySuccess(saved.dailySummary ? t('feed.summary.on') : t('feed.summary.off'));
    },
    onError: () => notifyError(t('feed.summary.failed')),
  });
  return (
    <Switch
      label={t('feed.summary.label')}
      description={t('feed.summary.description')}
      checked={setting.data?.dailySummary ?? false}
      disabled={setting.status !== 'success' || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
