import { zodResolver } from '@hookform/resolvers/zod';
import {
  dateOfBirthProblem,
  routes,
  type Student,
  type StudentInput,
  StudentInputSchema,
  todayIsoDate,
  US_STATES,
} from '@lc/contract';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { createStudent, deleteAllergy, deleteStudent, getStudent, updateStudent } from '../../api/family.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

const FIELD_ORDER = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
] as const;

/** The contract's rules plus the age check against today's date (spec §9, 3½–12 years). */
const FormSchema = StudentInputSchema.superRefine((value, ctx) => {
  const problem = dateOfBirthProblem(value.dateOfBirth, todayIsoDate());
  if (problem) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: problem });
});

const EMPTY: StudentInput = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
};

const toInput = (s: Student): StudentInput => ({
  firstName: s.firstName,
  lastName: s.lastName,
  dateOfBirth: s.dateOfBirth,
  address1: s.address1 ?? '',
  address2: s.address2 ?? '',
  city: s.city ?? '',
  state: s.state ?? '',
  zipCode: s.zipCode ?? '',
});

const stateOptions = [
  { value: '', label: 'Choose a state' },
  ...Object.entries(US_STATES).map(([value, label]) => ({ value, label })),
];

/**
 * /dashboard/my-students/new and /dashboard/my-students/:studentId (issue 4): add a child, or edit one —
 * with their allergies (remove here, add on the allergy page) and, when they have no session history,
 * a way to remove them.
 */
export default function StudentFormPage() {
  const { studentId } = useParams();
  const existing = useLoad(`student:${studentId ?? 'new'}`, (signal) =>
    studentId ? getStudent(studentId, signal) : Promise.resolve(null),
  );
  usePageTitle(studentId ? 'Edit child' : 'Add a child');

  if (existing.status === 'loading') return <Loading label="Loading…" />;
  if (existing.status === 'error') {
    if (isNotFound(existing.error)) {
      return (
        <RecordNotFound
          title="We couldn’t find that child"
          backTo={routes.myStudents}
          backLabel="Back to My students"
        >
          The link may be out of date, or the child is no longer on your family’s list.
        </RecordNotFound>
      );
    }
    return <LoadFailed message="We could not load this child’s details." retry={existing.retry} />;
  }
  return <StudentForm key={studentId ?? 'new'} student={existing.data} />;
}

function StudentForm({ student }: { student: Student | null }) {
  const navigate = useNavigate();
  const [allergies, setAllergies] = useState(student?.allergies ?? []);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StudentInput, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: student ? toInput(student) : EMPTY,
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onSubmit = async (values: z.output<typeof FormSchema>) => {
    try {
      const saved = student ? await updateStudent(student.id, values) : await createStudent(values);
      notifySuccess(
        student ? `${saved.firstName}’s details are saved.` : `${saved.firstName} is added to your family.`,
      );
      navigate(routes.myStudents);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('We could not save these details. Please try again.');
    }
  };

  const removeAllergy = async (allergyId: string, name: string) => {
    if (!student) return;
    try {
      await deleteAllergy(student.id, allergyId);
      setAllergies((list) => list.filter((a) => a.id !== allergyId));
      notifySuccess(`${name} is removed from ${student.firstName}’s allergies.`);
    } catch {
      notifyError('We could not remove that allergy. Please try again.');
    }
  };

  const remove = async () => {
    if (!student) return;
    setDeleting(true);
    try {
      await deleteStudent(student.id);
      notifySuccess(`${student.firstName} is removed from your family.`);
      navigate(routes.myStudents);
    } catch (error) {
      setConfirmingDelete(false);
      notifyError(
        error instanceof ApiError && error.status === 409
          ? error.message
          : 'We could not remove this child. Please try again.',
      );
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="lg" pt="xl" maw={720}>
      <div>
        <Title order={1}>{student ? `Edit ${student.firstName}’s details` : 'Add a child'}</Title>
        <Text mt={4}>
          {student
            ? 'Keep these up to date so our teachers and front desk have the right details.'
            : 'We welcome children from 3½ to 12 years old. Only the name and date of birth are needed now.'}
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          aria-label={student ? 'Edit child' : 'Add a child'}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="First name"
                autoComplete="off"
                required
                error={errors.firstName?.message}
                {...register('firstName')}
              />
              <TextInput
                label="Last name"
                autoComplete="off"
                required
                error={errors.lastName?.message}
                {...register('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Date of birth"
              type="date"
              required
              max={todayIsoDate()}
              error={errors.dateOfBirth?.message}
              {...register('dateOfBirth')}
            />
            <Title order={2} size="h4" mt="sm">
              Home address{' '}
              <Text span size="sm" fw={400}>
                (optional)
              </Text>
            </Title>
            <TextInput
              label="Street address"
              autoComplete="address-line1"
              error={errors.address1?.message}
              {...register('address1')}
            />
            <TextInput
              label="Apartment, suite or unit"
              autoComplete="address-line2"
              error={errors.address2?.message}
              {...register('address2')}
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <TextInput
                label="City"
                autoComplete="address-level2"
                error={errors.city?.message}
                {...register('city')}
              />
              <NativeSelect
                label="State"
                autoComplete="address-level1"
                data={stateOptions}
                error={errors.state?.message}
                {...register('state')}
              />
              <TextInput
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                error={errors.zipCode?.message}
                {...register('zipCode')}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button component={Link} to={routes.myStudents} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                {student ? 'Save changes' : 'Add child'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {student ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="allergies-heading"
        >
          <Group justify="space-between" align="center">
            <Title order={2} size="h3" id="allergies-heading">
              Allergies
            </Title>
            <Button component={Link} to={routes.newAllergy(student.id)} variant="light" size="xs">
              Add an allergy
            </Button>
          </Group>
          {allergies.length === 0 ? (
            <Text mt="sm">No allergies on file for {student.firstName}.</Text>
          ) : (
            <Group gap="xs" mt="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
              {allergies.map((allergy) => (
                <Badge
                  key={allergy.id}
                  component="li"
                  size="lg"
                  color="red"
                  variant="light"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${allergy.name}`}
                      onClick={() => removeAllergy(allergy.id, allergy.name)}
                    />
                  }
                >
                  {allergy.name}
                </Badge>
              ))}
            </Group>
          )}
        </Paper>
      ) : null}

      {student ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="remove-heading"
        >
          <Title order={2} size="h4" id="remove-heading">
            Remove {student.firstName}
          </Title>
          <Text size="sm" mt={4}>
            Removes {student.firstName} and their allergies from your family. Children with sessions on record
            are kept for your history.
          </Text>
          <Button color="red" variant="outline" mt="sm" onClick={() => setConfirmingDelete(true)}>
            Remove {student.firstName}
          </Button>
          <Modal
            opened={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            title={`Remove ${student.fullName}?`}
            centered
          >
            <Text size="sm">This cannot be undone. Their emergency contacts stay on your list.</Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                Keep
              </Button>
              <Button color="red" onClick={remove} loading={deleting}>
                Remove
              </Button>
            </Group>
          </Modal>
        </Paper>
      ) : null}
    </Stack>
  );
}
