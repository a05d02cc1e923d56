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
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { createStudent, deleteAllergy, deleteStudent, updateStudent } from '../../api/family.ts';
import { familyQueries } from '../../api/queries/family.ts';
import { PhotoConsentCard } from '../../features/day-feed/photo-consent-card.tsx';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { failedWith, failureMessage } from '../../features/forms/feedback.ts';
import { NativeSelectField, TextField } from '../../features/forms/fields.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

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

/** The states by their names (proper names, the same in both languages). */
const STATES = Object.entries(US_STATES).map(([value, label]) => ({ value, label }));

/**
 * /dashboard/my-students/new and /dashboard/my-students/:studentId (issue 4): add a child, or edit one —
 * with their allergies (remove here, add on the allergy page) and, when they have no session history,
 * a way to remove them.
 */
export default function StudentFormPage() {
  const { t } = useTranslation();
  const { studentId } = useParams();
  const existing = useQuery({ ...familyQueries.student(studentId), enabled: studentId !== undefined });
  usePageTitle(studentId ? t('family.studentForm.editTitle') : t('family.studentForm.addTitle'));

  if (studentId === undefined) return <StudentForm key="new" student={null} />;
  if (existing.status === 'pending') return <Loading label={t('family.common.loading')} />;
  if (existing.status === 'error') {
    if (isNotFound(existing.error)) {
      return (
        <RecordNotFound
          title={t('family.common.childNotFound')}
          backTo={routes.myStudents}
          backLabel={t('family.common.backToStudents')}
        >
          {t('family.common.childNotFoundBody')}
        </RecordNotFound>
      );
    }
    return <LoadFailed message={t('family.studentForm.loadFailed')} retry={() => existing.refetch()} />;
  }
  return (
    <>
      <StudentForm key={studentId} student={existing.data} />
      <Stack maw={720} mt="lg">
        <PhotoConsentCard studentId={studentId} name={existing.data.firstName} />
      </Stack>
    </>
  );
}

function StudentForm({ student }: { student: Student | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [allergies, setAllergies] = useState(student?.allergies ?? []);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const form = useForm<StudentInput, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    mode: 'onTouched',
    defaultValues: student ? toInput(student) : EMPTY,
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => (student ? updateStudent(student.id, values) : createStudent(values)),
    fields: ['firstName', 'lastName', 'dateOfBirth', 'address1', 'address2', 'city', 'state', 'zipCode'],
    success: (saved) =>
      student
        ? t('family.studentForm.saved', { name: saved.firstName })
        : t('family.studentForm.added', { name: saved.firstName }),
    onSuccess: () => navigate(routes.myStudents),
    // A failure no field explains is told by a toast, as the family's pages do.
    alert: () => {
      notifyError(t('family.studentForm.saveFailed'));
      return null;
    },
  });

  const removeAllergy = async (allergyId: string, name: string) => {
    if (!student) return;
    try {
      await deleteAllergy(student.id, allergyId);
      setAllergies((list) => list.filter((a) => a.id !== allergyId));
      notifySuccess(t('family.studentForm.allergyRemoved', { allergy: name, name: student.firstName }));
    } catch {
      notifyError(t('family.studentForm.allergyRemoveFailed'));
    }
  };

  const remove = async () => {
    if (!student) return;
    setDeleting(true);
    try {
      await deleteStudent(student.id);
      notifySuccess(t('family.studentForm.removed', { name: student.firstName }));
      navigate(routes.myStudents);
    } catch (error) {
      setConfirmingDelete(false);
      // A 409 says why the child must stay (sessions or payments on record), in the reader's language.
      const failed = t('family.studentForm.removeFailed');
      notifyError(failedWith(error, 409) ? failureMessage(error, failed) : failed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="lg" pt="xl" maw={720}>
      <div>
        <Title order={1}>
          {student
            ? t('family.studentForm.editHeading', { name: student.firstName })
            : t('family.studentForm.addTitle')}
        </Title>
        <Text mt={4}>{student ? t('family.studentForm.editIntro') : t('family.studentForm.addIntro')}</Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={student ? t('family.studentForm.editTitle') : t('family.studentForm.addTitle')}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextField
                form={form}
                name="firstName"
                label={t('family.studentForm.firstName')}
                autoComplete="off"
                required
              />
              <TextField
                form={form}
                name="lastName"
                label={t('family.studentForm.lastName')}
                autoComplete="off"
                required
              />
            </SimpleGrid>
            <TextField
              form={form}
              name="dateOfBirth"
              label={t('family.studentForm.dateOfBirth')}
              type="date"
              required
              max={todayIsoDate()}
            />
            <Title order={2} size="h4" mt="sm">
              {t('family.studentForm.homeAddress')}{' '}
              <Text span size="sm" fw={400}>
                {t('family.studentForm.optional')}
              </Text>
            </Title>
            <TextField
              form={form}
              name="address1"
              label={t('family.studentForm.street')}
              autoComplete="address-line1"
            />
            <TextField
              form={form}
              name="address2"
              label={t('family.studentForm.unit')}
              autoComplete="address-line2"
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <TextField
                form={form}
                name="city"
                label={t('family.studentForm.city')}
                autoComplete="address-level2"
              />
              <NativeSelectField
                form={form}
                name="state"
                label={t('family.studentForm.state')}
                autoComplete="address-level1"
                data={[{ value: '', label: t('family.studentForm.chooseState') }, ...STATES]}
              />
              <TextField
                form={form}
                name="zipCode"
                label={t('family.studentForm.zip')}
                autoComplete="postal-code"
                inputMode="numeric"
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm" mt="sm">
              <Button component={Link} to={routes.myStudents} variant="default">
                {t('family.common.cancel')}
              </Button>
              <Button type="submit" loading={submitting} disabled={submitting}>
                {student ? t('family.common.saveChanges') : t('family.studentForm.addChild')}
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
              {t('family.studentForm.allergies')}
            </Title>
            <Button component={Link} to={routes.newAllergy(student.id)} variant="light" size="xs">
              {t('family.studentForm.addAllergy')}
            </Button>
          </Group>
          {allergies.length === 0 ? (
            <Text mt="sm">{t('family.studentForm.noAllergies', { name: student.firstName })}</Text>
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
                      aria-label={t('family.studentForm.removeAllergy', { allergy: allergy.name })}
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
            {t('family.studentForm.remove', { name: student.firstName })}
          </Title>
          <Text size="sm" mt={4}>
            {t('family.studentForm.removeExplained', { name: student.firstName })}
          </Text>
          <Button color="red" variant="outline" mt="sm" onClick={() => setConfirmingDelete(true)}>
            {t('family.studentForm.remove', { name: student.firstName })}
          </Button>
          <Modal
            opened={confirmingDelete}
            onClose={() => setConfirmingDelete(false)}
            title={t('family.studentForm.removeTitle', { name: student.fullName })}
            centered
          >
            <Text size="sm">{t('family.studentForm.removeWarning')}</Text>
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={() => setConfirmingDelete(false)}>
                {t('family.studentForm.keep')}
              </Button>
              <Button color="red" onClick={remove} loading={deleting}>
                {t('family.studentForm.removeConfirm')}
              </Button>
            </Group>
          </Modal>
        </Paper>
      ) : null}
    </Stack>
  );
}
