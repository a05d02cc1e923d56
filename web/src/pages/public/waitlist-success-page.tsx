import { routes, type WaitlistSubmission } from '@lc/contract';
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { formatInstant, waitlistPositionSentence } from '../../features/enrollment/format.ts';
import { SessionNotFound } from '../../features/enrollment/session-not-found.tsx';
import { isSessionIdParam } from '../../features/enrollment/use-session-family.ts';
import { useWaitlistPlaces } from '../../features/enrollment/waitlist-places.ts';
import { WaitlistSteps } from '../../features/enrollment/waitlist-steps.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /sessions/:classSessionId/waitlist/success (spec §2, protected; issue 5): each child's place on the
 * session's waitlist and what happens next. The waitlist page passes the places it just received; without
 * them (a reload, an opened link) the family's places in the session are loaded.
 */
export default function WaitlistSuccessPage() {
  const { classSessionId } = useParams();
  return isSessionIdParam(classSessionId) ? (
    <WaitlistSuccess key={classSessionId} classSessionId={Number(classSessionId)} />
  ) : (
    <SessionNotFound />
  );
}

function WaitlistSuccess({ classSessionId }: { classSessionId: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const places = useWaitlistPlaces(classSessionId, location.state);
  const none = places.status === 'success' && places.data.length === 0;
  const title = none ? t('enroll.waitlistSuccess.titleNone') : t('enroll.waitlistSuccess.title');
  usePageTitle(title);

  return (
    <Container size={760} py="xl">
      <Stack gap="xl">
        {places.status === 'pending' ? (
          <>
            <Title order={1}>{title}</Title>
            <Loading label={t('enroll.waitlistSuccess.loading')} />
          </>
        ) : null}
        {places.status === 'error' ? (
          <>
            <Title order={1}>{title}</Title>
            <LoadFailed message={t('enroll.waitlistSuccess.loadFailed')} retry={() => places.refetch()} />
          </>
        ) : null}
        {none ? <NotOnWaitlist classSessionId={classSessionId} title={title} /> : null}
        {places.status === 'success' && places.data.length > 0 ? (
          <Places classSessionId={classSessionId} title={title} places={places.data} />
        ) : null}
      </Stack>
    </Container>
  );
}

function Places({
  classSessionId,
  title,
  places,
}: {
  classSessionId: number;
  title: string;
  places: WaitlistSubmission[];
}) {
  const { t } = useTranslation();
  const sessionName = places[0]?.classSession.name ?? t('enroll.waitlistSuccess.thisSession');
  return (
    <>
      <div>
        <Title order={1}>{title}</Title>
        <Text size="lg" mt="xs">
          <Trans
            i18nKey="enroll.waitlistSuccess.thanks"
            count={places.length}
            values={{ session: sessionName }}
            components={{ strong: <strong /> }}
          />
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="places">
        <Title order={2} size="h3" id="places">
          {t('enroll.waitlistSuccess.yourPlaces', { count: places.length })}
        </Title>
        <Stack gap="md" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, marginBottom: 0 }}>
          {places.map((place) => (
            <li key={place.id}>
              {place.status === 'Offered' ? (
                <Stack gap="xs" align="flex-start">
                  <Text size="lg" fw={700}>
                    {place.expires
                      ? t('enroll.waitlistSuccess.seatSavedUntil', {
                          name: place.student.firstName,
                          time: formatInstant(place.expires),
                        })
                      : t('enroll.waitlistSuccess.seatSaved', { name: place.student.firstName })}
                  </Text>
                  <Button component={Link} to={routes.enroll(classSessionId)}>
                    {t('enroll.waitlistSuccess.enrollChild', { name: place.student.firstName })}
                  </Button>
                </Stack>
              ) : (
                <Text size="lg" fw={700}>
                  {waitlistPositionSentence(place.student.firstName, place.position)}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      </Paper>
      <WaitlistSteps headingId="what-next" title={t('enroll.waitlistSuccess.whatNext')} />
      <Group gap="sm">
        <Button component={Link} to={routes.dashboard} size="md">
          {t('enroll.waitlistSuccess.goToPortal')}
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.waitlistSuccess.browseOther')}
        </Button>
      </Group>
    </>
  );
}

/** No open place in this session (opened without joining, or the place has since moved on). */
function NotOnWaitlist({ classSessionId, title }: { classSessionId: number; title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text size="lg">{t('enroll.waitlistSuccess.noneBody')}</Text>
      <Group gap="sm">
        <Button component={Link} to={routes.waitlist(classSessionId)} size="md">
          {t('enroll.common.joinTheWaitlist')}
        </Button>
        <Button component={Link} to={routes.mySessions} variant="default" size="md">
          {t('enroll.common.mySessions')}
        </Button>
      </Group>
    </Stack>
  );
}
