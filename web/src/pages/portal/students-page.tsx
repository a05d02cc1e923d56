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
import { Link } from 'react-router';
import { getStudents } from '../../api/family.ts';
import { ageLabel, longDate } from '../../features/family/format.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

/** /dashboard/my-students (spec §2; issue 4): the family's children, their allergies, and what to do next. */
export default function StudentsPage() {
  usePageTitle('My students');
  const students = useLoad('students', (signal) => getStudents(signal));

  return (
    <Stack gap="lg" pt="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>My students</Title>
          <Text mt={4}>Your children’s details and allergies, so our teachers know them from day one.</Text>
        </div>
        <Button component={Link} to={routes.newStudent}>
          Add a child
        </Button>
      </Group>
      {students.status === 'loading' ? <Loading label="Loading your children…" /> : null}
      {students.status === 'error' ? (
        <LoadFailed message="We could not load your children." retry={students.retry} />
      ) : null}
      {students.status === 'success' && students.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} size="h3">
            No children yet
          </Title>
          <Text mt="xs">
            Add your child to enroll them in sessions. It takes a minute: their name, date of birth and, if
            you like, your home address.
          </Text>
          <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
            Add your first child
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
  const contacts = student.trusteeIds.length;
  return (
    <Card component="li" withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          <Anchor component={Link} to={routes.editStudent(student.id)} inherit>
            {student.fullName}
          </Anchor>
        </Title>
        <Text size="sm">
          {ageLabel(student.dateOfBirth, todayIsoDate())} · born {longDate(student.dateOfBirth)}
        </Text>
        <div>
          <Text size="sm" fw={600}>
            Allergies
          </Text>
          {student.allergies.length === 0 ? (
            <Text size="sm">None on file</Text>
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
            <>
              No emergency contact yet —{' '}
              <Anchor component={Link} to={routes.newEmergencyContact}>
                add one
              </Anchor>
            </>
          ) : (
            `${contacts} emergency ${contacts === 1 ? 'contact' : 'contacts'}`
          )}
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={routes.editStudent(student.id)} variant="default" size="xs">
            Edit details<VisuallyHidden> for {student.firstName}</VisuallyHidden>
          </Button>
          <Button component={Link} to={routes.newAllergy(student.id)} variant="light" size="xs">
            Add an allergy<VisuallyHidden> for {student.firstName}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
