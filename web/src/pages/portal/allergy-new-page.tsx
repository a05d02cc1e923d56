import { zodResolver } from '@hookform/resolvers/zod';
import { type AllergyInput, AllergyInputSchema, routes } from '@lc/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { addAllergy, getStudent } from '../../api/family.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

const FIELD_ORDER = ['name'] as const;

/** /dashboard/my-students/:studentId/allergies/new (spec §2): add one allergy to a child. */
export default function AllergyNewPage() {
  usePageTitle('Add an allergy');
  const { studentId } = useParams();
  const navigate = useNavigate();
  const student = useLoad(`student:${studentId}`, (signal) => getStudent(studentId, signal));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AllergyInput, unknown, z.output<typeof AllergyInputSchema>>({
    resolver: zodResolver(AllergyInputSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);

  if (student.status === 'loading') return <Loading label="Loading…" />;
  if (student.status === 'error') {
    if (isNotFound(student.error)) {
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
    return <LoadFailed message="We could not load this child." retry={student.retry} />;
  }
  const child = student.data;

  const onSubmit = async (values: z.output<typeof AllergyInputSchema>) => {
    try {
      const allergy = await addAllergy(child.id, values);
      notifySuccess(`${allergy.name} is on ${child.firstName}’s allergy list.`);
      navigate(routes.myStudents);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('We could not add that allergy. Please try again.');
    }
  };

  return (
    <Stack gap="lg" pt="xl" maw={560}>
      <div>
        <Title order={1}>Add an allergy for {child.firstName}</Title>
        <Text mt={4}>
          Teachers see this list before snack time and outings. Add one allergy at a time; for anything they
          should do in an emergency, please also talk to us at drop-off.
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Add an allergy">
          <Stack gap="md">
            <TextInput
              label="Allergy"
              description="For example peanuts, dairy, penicillin or bee stings"
              required
              error={errors.name?.message}
              {...register('name')}
            />
            {child.allergies.length > 0 ? (
              <Text size="sm">Already on file: {child.allergies.map((a) => a.name).join(', ')}.</Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={routes.myStudents} variant="default">
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                Add allergy
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
