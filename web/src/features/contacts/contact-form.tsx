import { routes, type Student, type Trustee } from '@lc/contract';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildrenField, PermissionFields, ReachFields, WhoTheyAreFields } from './contact-fields.tsx';
import { useContactForm } from './use-contact-form.ts';

/**
 * The form to add an emergency contact or edit `trustee` (spec §2; issue 4): who they are, how to reach
 * them, what they may do and which of `students` they are for.
 */
export function ContactForm({
  students,
  trustee,
}: {
  students: readonly Student[];
  trustee: Trustee | null;
}) {
  const { t } = useTranslation();
  const { form, onSubmit, submitting } = useContactForm(students, trustee);
  const formLabel = trustee
    ? t('family.contactForm.editHeading', { name: trustee.fullName })
    : t('family.contactForm.addTitle');

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="md">
          <WhoTheyAreFields form={form} />

          <ReachFields form={form} />

          <PermissionFields form={form} editing={trustee !== null} />

          <ChildrenField form={form} students={students} />

          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component={Link} to={routes.emergencyContacts} variant="default">
              {t('family.common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} disabled={submitting}>
              {trustee ? t('family.common.saveChanges') : t('family.contactForm.saveContact')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
