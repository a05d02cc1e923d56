/**
 * /dashboard/children/:studentId/feed (issue 25, "The day's notes and photos"): a child's days, newest first —
 * when the child arrived and went home (and with whom), meals and rest, the teachers' notes and the photos the
 * family may see (never a photo with another family's child who has no photo consent: the server decides).
 * A week of days per page; "Earlier days" reads on (`before` in the address). The newest days are asked for
 * every second while the page is in view, so a new post appears by itself within two seconds.
 */
import { routes } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { dayFeedQueries } from '../../api/queries/day-feed.ts';
import { CareLines } from '../../features/day-feed/care-lines.tsx';
import { clockOf, dayHeading } from '../../features/day-feed/format.ts';
import { PostCard } from '../../features/day-feed/post-card.tsx';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export default function ChildFeedPage() {
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const [params] = useSearchParams();
  const before = params.get('before') ?? undefined;
  const feed = useQuery(dayFeedQueries.childFeed(studentId, before));
  const name = feed.data?.firstName ?? '';
  usePageTitle(name ? t('feed.child.title', { name }) : t('feed.child.loading'));

  if (feed.status === 'pending') return <Loading label={t('feed.child.loading')} />;
  if (feed.status === 'error')
    return isNotFound(feed.error) ? (
      <RecordNotFound
        title={t('feed.child.notFound')}
        backTo={routes.myStudents}
        backLabel={t('feed.child.backToChildren')}
      >
        {t('feed.child.notFound')}
      </RecordNotFound>
    ) : (
      <Stack pt="xl">
        <LoadFailed message={t('feed.child.loadFailed')} retry={() => void feed.refetch()} />
      </Stack>
    );

  const { days, consent, olderBefore } = feed.data;
  return (
    <Stack gap="lg" pt="xl" maw={760}>
      <div>
        <Title order={1}>{t('feed.child.title', { name })}</Title>
        <Text mt={4} maw="65ch">
          {t('feed.child.intro', { name })}
        </Text>
        <Text mt="xs" size="sm">
          {t('feed.child.consentHint', { name, consent: t(`feed.common.consent.${consent}`) })}{' '}
          <Anchor component={Link} to={routes.editStudent(studentId)} underline="always">
            {t('feed.child.consentLink')}
          </Anchor>
        </Text>
      </div>
      {days.length === 0 ? <Text>{t('feed.child.empty')}</Text> : null}
      {days.map((day) => (
        <Stack key={day.day} gap="sm" component="section" aria-labelledby={`day-${day.day}`}>
          <Title order={2} size="h3" id={`day-${day.day}`}>
            {dayHeading(day.day)}
          </Title>
          {day.checkIn || day.checkOut || day.care ? (
            <Card withBorder padding="md" radius="md">
              <Stack gap={4}>
                {day.checkIn ? (
                  <Text size="sm">
                    {day.checkIn.adultName
                      ? t('feed.child.arrivedWith', {
                          time: clockOf(day.checkIn.at),
                          adult: day.checkIn.adultName,
                        })
                      : t('feed.child.arrived', { time: clockOf(day.checkIn.at) })}
                  </Text>
                ) : null}
                {day.checkOut ? (
                  <Text size="sm">
                    {day.checkOut.adultName
                      ? t('feed.child.leftWith', {
                          time: clockOf(day.checkOut.at),
                          adult: day.checkOut.adultName,
                        })
                      : t('feed.child.left', { time: clockOf(day.checkOut.at) })}
                  </Text>
                ) : null}
                {day.care ? <CareLines care={day.care} /> : null}
              </Stack>
            </Card>
          ) : null}
          {day.posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </Stack>
      ))}
      <Group>
        {before ? (
          <Button component={Link} to={routes.childFeed(studentId)} variant="default">
            {t('feed.child.newest')}
          </Button>
        ) : null}
        {olderBefore ? (
          <Button
            component={Link}
            to={`${routes.childFeed(studentId)}?before=${olderBefore}`}
            variant="default"
          >
            {t('feed.child.earlier')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
