import { routes } from '@lc/contract';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { familyQueries } from '../../api/queries/family.ts';
import { ContactForm } from '../../features/contacts/contact-form.tsx';
import { DeleteContact } from '../../features/contacts/delete-contact.tsx';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { PassPanel } from '../../features/passes/pass-panel.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={routes.emergencyContacts} size="sm">
      {t('family.contactForm.back')}
    </Anchor>
  );
}

/**
 * /dashboard/emergency-contacts/new and /dashboard/emergency-contacts/:trusteeId (spec §2; issue 4):
 * add an emergency contact for some of the family's children, or edit or delete one. An existing contact's
 * page also carries their pickup pass (issue 11).
 */
export default function ContactFormPage() {
  const { t } = useTranslation();
  const { trusteeId } = useParams();
  const isEdit = trusteeId !== undefined;
  const title = isEdit ? t('family.contactForm.editTitle') : t('family.contactForm.addTitle');
  usePageTitle(title);
  const loaded = useQuery(familyQueries.contactForm(trusteeId));

  if (loaded.status === 'error' && isNotFound(loaded.error)) {
    return (
      <RecordNotFound
        title={t('family.contactForm.notFoundTitle')}
        backTo={routes.emergencyContacts}
        backLabel={t('family.contactForm.notFoundBack')}
      >
        {t('family.contactForm.notFoundBody')}
      </RecordNotFound>
    );
  }

  if (loaded.status !== 'success') {
    return (
      <Stack gap="lg" pt="xl" maw={720}>
        <BackLink />
        <Title order={1}>{title}</Title>
        {loaded.status === 'pending' ? (
          <Loading
            label={isEdit ? t('family.contactForm.loadingContact') : t('family.contactForm.loadingChildren')}
          />
        ) : (
          <LoadFailed
            message={isEdit ? t('family.contactForm.contactFailed') : t('family.contactForm.childrenFailed')}
            retry={() => loaded.refetch()}
          />
        )}
      </Stack>
    );
  }

  const { students, trustee } = loaded.data;
  return (
    <Stack gap="lg" pt="xl" maw={720}>
      <BackLink />
      <div>
        <Title order={1}>
          {trustee ? t('family.contactForm.editHeading', { name: trustee.fullName }) : title}
        </Title>
        <Text mt={4}>{trustee ? t('family.contactForm.editIntro') : t('family.contactForm.addIntro')}</Text>
      </div>
      {students.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h3">
            {t('family.contactForm.noChildTitle')}
          </Title>
          <Text mt="xs">{t('family.contactForm.noChildBody')}</Text>
          <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
            {t('family.contactForm.addChild')}
          </Button>
        </Paper>
      ) : (
        <ContactForm key={trusteeId ?? 'new'} students={students} trustee={trustee} />
      )}
      {trustee && students.length > 0 ? (
        <PassPanel
          key={`pass-${trustee.id}`}
          trustee={trustee}
          childNames={students
            .filter((student) => trustee.studentIds.includes(student.id))
            .map((student) => student.firstName)}
        />
      ) : null}
      {trustee ? <DeleteContact trustee={trustee} /> : null}
    </Stack>
  );
}
