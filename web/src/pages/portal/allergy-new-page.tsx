import { zodResolver } from '@hookform/resolvers/zod';
import { type AllergyInput, AllergyInputSchema, routes } from '@lc/contract';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { addAllergy, getStudent } from '../../api/family.ts';
import { familyKeys } from '../../api/query-keys.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELD_ORDER = ['name'] as const;

/** /dashboard/my-students/:studentId/allergies/new (spec §2): add one allergy to a child. */
export default function AllergyNewPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  usePageTitle(t('family.allergy.title'));
  const { studentId } = useParams();
  const navigate = useNavigate();
  const student = useQuery({
    queryKey: familyKeys.student(studentId),
    queryFn: ({ signal }) => getStudent(studentId, signal),
  });
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

  if (student.status === 'pending') return <Loading label={t('family.common.loading')} />;
  if (student.status === 'error') {
    if (isNotFound(student.error)) {
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
    return <LoadFailed message={t('family.allergy.loadFailed')} retry={() => student.refetch()} />;
  }
  const child = student.data;

  const onSubmit = async (values: z.output<typeof AllergyInputSchema>) => {
    try {
      const allergy = await addAllergy(child.id, values);
      notifySuccess(t('family.allergy.added', { allergy: allergy.name, name: child.firstName }));
      navigate(routes.myStudents);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError(t('family.allergy.addFailed'));
    }
  };

  return (
    <Stack gap="lg" pt="xl" maw={560}>
      <div>
        <Title order={1}>{t('family.allergy.heading', { name: child.firstName })}</Title>
        <Text mt={4}>{t('family.allergy.intro')}</Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('family.allergy.title')}>
          <Stack gap="md">
            <TextInput
              label={t('family.allergy.label')}
              description={t('family.allergy.description')}
              required
              error={fieldMessage(errors.name?.message)}
              {...register('name')}
            />
            {child.allergies.length > 0 ? (
              <Text size="sm">
                {t('family.allergy.alreadyOnFile', { list: child.allergies.map((a) => a.name).join(', ') })}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={routes.myStudents} variant="default">
                {t('family.common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                {t('family.allergy.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
