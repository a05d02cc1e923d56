/**
 * /staff/sessions/:classSessionId/day (issue 25, "The day's notes and photos"): one phone screen for the
 * teacher's day — today's class (each child's photo consent as a mark and words, the door), posting a class
 * note, a note about one child or photos with the children in them (warned first about a child without
 * consent), the meals and rest grid saved per child, and what was posted today (the author may delete it).
 */
import type { DayPost } from '@lc/contract';
import { routes } from '@lc/contract';
import { Alert, Anchor, Button, Card, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { deleteDayPost } from '../../api/day-feed.ts';
import { dayFeedQueries } from '../../api/queries/day-feed.ts';
import { dayFeedKeys } from '../../api/query-keys.ts';
import { clockOf, dayHeading } from '../../features/day-feed/format.ts';
import { PostCard } from '../../features/day-feed/post-card.tsx';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { CareRow } from '../../features/staff-day/care-row.tsx';
import { ConsentBadge } from '../../features/staff-day/consent-badge.tsx';
import { PostComposer } from '../../features/staff-day/post-composer.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export default function StaffSessionDayPage() {
  const { t } = useTranslation();
  const classSessionId = Number(useParams().classSessionId);
  const day = useQuery({
    ...dayFeedQueries.staffDay(classSessionId),
    enabled: Number.isSafeInteger(classSessionId),
  });
  usePageTitle(day.data ? t('feed.staff.title', { session: day.data.sessionName }) : t('feed.staff.loading'));

  if (day.status === 'pending') return <Loading label={t('feed.staff.loading')} />;
  if (day.status === 'error')
    return isNotFound(day.error) ? (
      <Stack gap="sm" maw={720}>
        <Title order={1}>{t('feed.staff.notFound')}</Title>
        <Button component={Link} to={routes.staffSessions} variant="default" w="fit-content">
          {t('feed.staff.backToSession')}
        </Button>
      </Stack>
    ) : (
      <LoadFailed message={t('feed.staff.loadFailed')} retry={() => void day.refetch()} />
    );

  const data = day.data;
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Anchor component={Link} to={routes.staffSession(classSessionId)} size="sm">
          {t('feed.staff.backToSession')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('feed.staff.title', { session: data.sessionName })}
        </Title>
        <Text c="dimmed">{dayHeading(data.day)}</Text>
        <Text mt={4} maw="65ch">
          {t('feed.staff.intro')}
        </Text>
        <Group gap="sm" mt="sm">
          <Button
            component={Link}
            to={`${routes.staffIncidentNew}?session=${classSessionId}`}
            variant="default"
          >
            {t('incidents.staff.newButton')}
          </Button>
          <Button component={Link} to={routes.staffSessionMedication(classSessionId)} variant="default">
            {t('medication.staff.dayButton')}
          </Button>
        </Group>
      </div>

      <section aria-labelledby="class-heading">
        <Title order={2} size="h3" id="class-heading" mb="xs">
          {t('feed.staff.classHeading')}
        </Title>
        {data.children.length === 0 ? (
          <Text>{t('feed.staff.noChildren')}</Text>
        ) : (
          <List listStyleType="none" spacing="xs">
            {data.children.map((child) => (
              <List.Item key={child.studentId}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>
                    {child.firstName} {child.lastName}
                  </Text>
                  <ConsentBadge consent={child.consent} />
                  <Text size="sm" c="dimmed">
                    {child.checkIn
                      ? t('feed.staff.in', { time: clockOf(child.checkIn) })
                      : t('feed.staff.notIn')}
                    {child.checkOut ? ` · ${t('feed.staff.out', { time: clockOf(child.checkOut) })}` : ''}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`${routes.staffSessionMedication(classSessionId)}?child=${child.studentId}`}
                    size="sm"
                    aria-label={t('medication.staff.giveFor', { name: child.firstName })}
                  >
                    {t('medication.staff.giveHeading')}
                  </Anchor>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </section>

      <Divider />
      {data.meetsToday ? (
        <Card withBorder padding="md" radius="md">
          <PostComposer classSessionId={classSessionId} classChildren={data.children} />
        </Card>
      ) : (
        <Alert color="gray" variant="light">
          {t('feed.staff.notMeeting')}
        </Alert>
      )}

      {data.meetsToday && data.children.length > 0 ? (
        <section aria-labelledby="care-heading">
          <Title order={2} size="h3" id="care-heading">
            {t('feed.staff.careHeading')}
          </Title>
          <Text size="sm" mb="xs">
            {t('feed.staff.careIntro')}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.children.map((child) => (
              <CareRow
                key={`${child.studentId}:${JSON.stringify(child.care)}`}
                classSessionId={classSessionId}
                child={child}
              />
            ))}
          </Stack>
        </section>
      ) : null}

      <section aria-labelledby="posts-heading">
        <Title order={2} size="h3" id="posts-heading" mb="xs">
          {t('feed.staff.postsHeading')}
        </Title>
        {data.posts.length === 0 ? <Text>{t('feed.staff.noPosts')}</Text> : null}
        <Stack gap="sm">
          {data.posts.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              actions={post.editable ? <DeleteButton post={post} classSessionId={classSessionId} /> : null}
            />
          ))}
        </Stack>
      </section>
    </Stack>
  );
}

function DeleteButton({ post, classSessionId }: { post: DayPost; classSessionId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteDayPost(post.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dayFeedKeys.staffDay(classSessionId) });
      notifySuccess(t('feed.staff.deleted'));
    },
    onError: () => notifyError(t('feed.staff.loadFailed')),
  });
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={t('feed.staff.deleteLabel')}
      loading={remove.isPending}
      onClick={() => remove.mutate()}
    >
      {t('feed.staff.delete')}
    </Button>
  );
}
