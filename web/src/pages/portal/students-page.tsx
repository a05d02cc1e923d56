import { routes, type Student, todayIsoDate } from '@lc/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { familyQueries } from '../../api/queries/family.ts';
import { ageLabel, longDate } from '../../features/family/format.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /dashboard/my-students (spec §2; issue 4): the family's children, their allergies, and what to do next. */
export default function StudentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.students.title'));
  const students = useQuery(familyQueries.students());

  return (
    <Stack gap="lg" pt="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>{t('family.students.title')}</Title>
          <Text mt={4}>{t('family.students.intro')}</Text>
        </div>
        <Button component={Link} to={routes.newStudent}>
          {t('family.students.add')}
        </Button>
      </Group>
      {students.status === 'pending' ? <Loading label={t('family.students.loading')} /> : null}
      {students.status === 'error' ? (
        <LoadFailed message={t('family.students.loadFailed')} retry={() => students.refetch()} />
      ) : null}
      {students.status === 'success' && students.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} size="h3">
            {t('family.students.emptyTitle')}
          </Title>
          <Text mt="xs">{t('family.students.emptyBody')}</Text>
          <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
            {t('family.students.addFirst')}
          </Button>
        </Card>
      ) : null}
      {students.status === 'success' && students.data.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {students.data.map((student) => (
            <StudentCard key={student.id} student={student} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function StudentCard({ student }: { student: Student }) {
  const { t } = useTranslation();
  const contacts = student.trusteeIds.length;
  const forChild = t('family.students.forChild', { name: student.firstName });
  return (
    <Card component="li" withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          <Anchor component={Link} to={routes.editStudent(student.id)} inherit>
            {student.fullName}
          </Anchor>
        </Title>
        <Text size="sm">
          {t('family.students.ageBorn', {
            age: ageLabel(student.dateOfBirth, todayIsoDate()),
            date: longDate(student.dateOfBirth),
          })}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            {t('family.students.allergies')}
          </Text>
          {student.allergies.length === 0 ? (
            <Text size="sm">{t('family.students.noAllergies')}</Text>
          ) : (
            <Group gap={6} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {student.allergies.map((allergy) => (
                <Badge key={allergy.id} component="li" color="red" variant="light" tt="none">
                  {allergy.name}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        <Text size="sm">
          {contacts === 0 ? (
            <Trans
              i18nKey="family.students.noContact"
              components={{
                add: <Anchor component={Link} to={routes.newEmergencyContact} underline="always" />,
              }}
            />
          ) : (
            t('family.students.contacts', { count: contacts })
          )}
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={routes.editStudent(student.id)} variant="default" size="xs">
            {t('family.students.editDetails')}
            <VisuallyHidden>{` ${forChild}`}</VisuallyHidden>
          </Button>
          <Button component={Link} to={routes.childFeed(student.id)} variant="default" size="xs">
            {t('feed.child.seeDay', { name: student.firstName })}
          </Button>
          <Button component={Link} to={routes.childHealth(student.id)} variant="default" size="xs">
            {t('health.childLink')}
            <VisuallyHidden>{` ${forChild}`}</VisuallyHidden>
          </Button>
          <Button component={Link} to={routes.newAllergy(student.id)} variant="light" size="xs">
            {t('family.students.addAllergy')}
            <VisuallyHidden>{` ${forChild}`}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
