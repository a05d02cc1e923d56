import { zodResolver } from '@hookform/resolvers/zod';
import { type AllergyInput, AllergyInputSchema, routes, type Student } from '@lc/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { addAllergy } from '../../api/family.ts';
import { familyQueries } from '../../api/queries/family.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { TextField } from '../../features/forms/fields.tsx';
import { notifyError } from '../../features/forms/notify.ts';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /dashboard/my-students/:studentId/allergies/new (spec §2): add one allergy to a child. */
export default function AllergyNewPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.allergy.title'));
  const { studentId } = useParams();
  const student = useQuery(familyQueries.student(studentId));

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
  return <AllergyForm child={student.data} />;
}

/**
 * The allergy's name, with what is already on file. A duplicate is refused by the field (the API's 409
 * names it); any other failure is told by a toast, as the family's pages do.
 */
function AllergyForm({ child }: { child: Student }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<AllergyInput, unknown, z.output<typeof AllergyInputSchema>>({
    resolver: zodResolver(AllergyInputSchema),
    mode: 'onTouched',
    defaultValues: { name: '' },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => addAllergy(child.id, values),
    fields: ['name'],
    success: (allergy) => t('family.allergy.added', { allergy: allergy.name, name: child.firstName }),
    onSuccess: () => navigate(routes.myStudents),
    alert: () => {
      notifyError(t('family.allergy.addFailed'));
      return null;
    },
  });

  return (
    <Stack gap="lg" pt="xl" maw={560}>
      <div>
        <Title order={1}>{t('family.allergy.heading', { name: child.firstName })}</Title>
        <Text mt={4}>{t('family.allergy.intro')}</Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={onSubmit} noValidate aria-label={t('family.allergy.title')}>
          <Stack gap="md">
            <TextField
              form={form}
              name="name"
              label={t('family.allergy.label')}
              description={t('family.allergy.description')}
              required
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
              <Button type="submit" loading={submitting} disabled={submitting}>
                {t('family.allergy.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
