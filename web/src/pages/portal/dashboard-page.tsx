import { ageInMonths, routes, type Student, type Trustee, todayIsoDate } from '@lc/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enrollmentQueries } from '../../api/queries/enrollment';
import { familyQueries } from '../../api/queries/family';
import type { DashboardSectionKey } from '../../content/copy';
import { site } from '../../content/site';
import { useCopy } from '../../content/use-copy';
import { SignInsSection } from '../../features/account/sign-ins-section';
import { HealthRecordsCard } from '../../features/child-health/health-card.tsx';
import { FamilyDataSection } from '../../features/family/family-data-section';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { IncidentNotice } from '../../features/incidents/incident-notice';
import {
  RecentAnnouncementsSection,
  UpcomingSessionsSection,
  WaitlistSection,
} from '../../features/portal-sessions/dashboard-sections';
import { ACTIVE_ENROLLMENT } from '../../features/portal-sessions/format';
import { FormsToSignCard } from '../../features/signed-forms/forms-to-sign-card';
import { usePageTitle } from '../../layout/use-page-title';
import { getToken, readClaims } from '../../lib/auth-token';

const sectionLinks: Record<DashboardSectionKey, string> = {
  students: routes.myStudents,
  contacts: routes.emergencyContacts,
  sessions: routes.mySessions,
  billing: routes.billing,
  browse: routes.sessions,
};

type Family = { students: Student[]; trustees: Trustee[] };

/**
 * The Student Portal's home (issues 4 and 5): next steps for a new family; upcoming sessions, waitlist
 * places and recent announcements; the children and their contacts. Each part loads on its own.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('portal.dashboard.pageTitle'));
  const { dashboardCopy } = useCopy();
  const givenName = readClaims(getToken())?.given_name?.trim();
  const family = useQuery(familyQueries.childrenAndContacts());
  const enrollments = useQuery(enrollmentQueries.enrollments());
  const waitlist = useQuery(enrollmentQueries.waitlist());
  const announcements = useQuery(enrollmentQueries.announcements());
  // A child enrolled or holding a seat ticks "browse sessions and enroll"; a cancelled checkout does not.
  const hasEnrollment =
    enrollments.status === 'success' && enrollments.data.some((e) => ACTIVE_ENROLLMENT.has(e.status));

  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>
          {givenName ? t('portal.dashboard.welcomeName', { name: givenName }) : t('portal.dashboard.welcome')}
        </Title>
        <Text size="lg" mt="xs">
          {dashboardCopy.intro}
        </Text>
      </div>
      <IncidentNotice />
      {family.status === 'pending' ? <Loading label={t('portal.dashboard.loadingFamily')} /> : null}
      {family.status === 'error' ? (
        <LoadFailed message={t('portal.dashboard.familyFailed')} retry={() => family.refetch()} />
      ) : null}
      {family.status === 'success' ? <NextSteps family={family.data} hasEnrollment={hasEnrollment} /> : null}
      <FormsToSignCard />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <UpcomingSessionsSection state={enrollments} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <WaitlistSection state={waitlist} />
        </Grid.Col>
      </Grid>
      <HealthRecordsCard />
      <RecentAnnouncementsSection state={announcements} />
      {family.status === 'success' ? <FamilyCards family={family.data} /> : null}
      <section aria-labelledby="portal-sections">
        <Title order={2} size="h3" id="portal-sections" mb="sm">
          {t('portal.dashboard.everythingHeading')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {dashboardCopy.sections.map((section) => (
            <Card key={section.key} component="li" withBorder radius="lg" padding="lg">
              <Title order={3} size="h4" mb={6}>
                <Anchor component={Link} to={sectionLinks[section.key]} fw={700} inherit>
                  {section.title}
                </Anchor>
              </Title>
              <Text size="sm">{section.description}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <FamilyDataSection />
      <SignInsSection />
      <Text size="sm">
        <Trans
          i18nKey="portal.dashboard.help"
          values={{ phone: site.phone, email: site.email }}
          components={{
            // Underlined: links inside a sentence must not rely on colour alone (axe link-in-text-block).
            phone: <Anchor href={site.phoneHref} underline="always" />,
            email: <Anchor href={`mailto:${site.email}`} underline="always" />,
          }}
        />
      </Text>
    </Stack>
  );
}

/** The three steps to registration day, while a new family still lacks a child or a contact. */
function NextSteps({ family, hasEnrollment }: { family: Family; hasEnrollment: boolean }) {
  const { t } = useTranslation();
  const { students, trustees } = family;
  const steps = [
    {
      key: 'child',
      done: students.length > 0,
      label: t('portal.dashboard.stepAddChild'),
      to: routes.newStudent,
      action: t('portal.dashboard.stepAddChildAction'),
    },
    {
      key: 'contact',
      done: trustees.length > 0,
      label: t('portal.dashboard.stepAddContact'),
      to: routes.newEmergencyContact,
      action: t('portal.dashboard.stepAddContactAction'),
    },
    {
      key: 'enroll',
      done: hasEnrollment,
      label: t('portal.dashboard.stepEnroll'),
      to: routes.sessions,
      action: t('portal.dashboard.stepEnrollAction'),
    },
  ];
  const firstOpen = steps.findIndex((s) => !s.done);
  const newFamily = students.length === 0 || trustees.length === 0;
  if (!newFamily) return null;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="next-steps">
      <Title order={2} size="h3" id="next-steps">
        {t('portal.dashboard.nextStepsHeading')}
      </Title>
      <Text size="sm" mt={4}>
        {t('portal.dashboard.nextStepsIntro')}
      </Text>
      <List
        component="ol"
        spacing="sm"
        mt="md"
        center
        listStyleType="none"
        styles={{ itemWrapper: { width: '100%' } }}
      >
        {steps.map((step, index) => (
          <List.Item
            key={step.key}
            icon={
              <ThemeIcon
                radius="xl"
                size={28}
                color={step.done ? 'oak' : 'gray'}
                variant={step.done ? 'filled' : 'light'}
              >
                <span aria-hidden="true">{step.done ? '✓' : index + 1}</span>
              </ThemeIcon>
            }
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={index === firstOpen ? 700 : 400} td={step.done ? 'line-through' : undefined}>
                {step.label}
                {step.done ? <VisuallyHidden> {t('portal.dashboard.stepDone')}</VisuallyHidden> : null}
              </Text>
              {!step.done ? (
                <Button
                  component={Link}
                  to={step.to}
                  size="xs"
                  variant={index === firstOpen ? 'filled' : 'light'}
                >
                  {step.action}
                </Button>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/** "4 years old" (or "3½ years old" between 3½ and 4) for an ISO birth date, on `today` (ISO). */
function ageLabel(dateOfBirth: string, today: string, t: TFunction): string {
  const months = ageInMonths(dateOfBirth, today);
  const years = Math.floor(months / 12);
  return years === 3 && months % 12 >= 6
    ? t('portal.dashboard.ageAndAHalf', { years })
    : t('portal.dashboard.age', { count: years });
}

/** The children and their emergency contacts, each with a way to manage them. */
function FamilyCards({ family }: { family: Family }) {
  const { t } = useTranslation();
  const { students, trustees } = family;
  const pickup = trustees.filter((t) => t.isActive && t.canPickup);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="your-children">
        <Group justify="space-between">
          <Title order={2} size="h3" id="your-children">
            {t('portal.dashboard.childrenHeading')}
          </Title>
          <Anchor component={Link} to={routes.myStudents} size="sm">
            {t('portal.dashboard.manage')}
          </Anchor>
        </Group>
        {students.length === 0 ? (
          <Text size="sm" mt="sm">
            {t('portal.dashboard.noChildren')}
          </Text>
        ) : (
          <Stack gap="sm" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {students.map((student) => (
              <li key={student.id}>
                <Anchor component={Link} to={routes.editStudent(student.id)} fw={700}>
                  {student.fullName}
                </Anchor>
                <Text size="sm">
                  {ageLabel(student.dateOfBirth, todayIsoDate(), t)}
                  {' · '}
                  {student.allergies.length > 0
                    ? t('portal.dashboard.allergies', {
                        list: student.allergies.map((a) => a.name).join(', '),
                      })
                    : t('portal.dashboard.noAllergies')}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="your-contacts">
        <Group justify="space-between">
          <Title order={2} size="h3" id="your-contacts">
            {t('portal.dashboard.contactsHeading')}
          </Title>
          <Anchor component={Link} to={routes.emergencyContacts} size="sm">
            {t('portal.dashboard.manage')}
          </Anchor>
        </Group>
        {trustees.length === 0 ? (
          <Text size="sm" mt="sm">
            {t('portal.dashboard.noContacts')}
          </Text>
        ) : (
          <Stack gap="sm" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {trustees.map((trustee) => (
              <li key={trustee.id}>
                <Group gap="xs">
                  <Anchor component={Link} to={routes.emergencyContact(trustee.id)} fw={700}>
                    {trustee.fullName}
                  </Anchor>
                  {!trustee.isActive ? (
                    <Badge color="gray" variant="light">
                      {t('portal.dashboard.inactive')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">
                  {trustee.relationship}
                  {trustee.canPickup ? ` · ${t('portal.dashboard.canPickUp')}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {trustees.length > 0 && pickup.length === 0 ? (
          <Text size="sm" mt="sm" fw={600}>
            {t('portal.dashboard.nobodyCanPickUp')}
          </Text>
        ) : null}
      </Card>
    </SimpleGrid>
  );
}
