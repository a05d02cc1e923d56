import { routes } from '@lc/contract';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ensureSelfContact } from '../../api/passes.ts';
import { familyQueries } from '../../api/queries/family.ts';
import { ContactCard } from '../../features/family/contact-card.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { failedWith, failureMessage } from '../../features/forms/feedback.ts';
import { notifyError } from '../../features/forms/notify.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /dashboard/emergency-contacts (spec §2; issue 4): the people we call when a parent cannot be reached,
 * and who may collect the children, with tap-to-call phones; and the way to the parent's own pickup pass
 * (issue 11).
 */
export default function ContactsPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.contacts.title'));
  const family = useQuery(familyQueries.childrenAndContacts());

  return (
    <Stack gap="lg" pt="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>{t('family.contacts.title')}</Title>
          <Text mt={4} maw="65ch">
            {t('family.contacts.intro')}
          </Text>
        </div>
        <Group gap="sm">
          <OwnPassButton />
          <Button component={Link} to={routes.newEmergencyContact}>
            {t('family.contacts.add')}
          </Button>
        </Group>
      </Group>

      {family.status === 'pending' ? <Loading label={t('family.contacts.loading')} /> : null}

      {family.status === 'error' ? (
        <LoadFailed message={t('family.contacts.loadFailed')} retry={() => family.refetch()} />
      ) : null}

      {family.status === 'success' && family.data.trustees.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} size="h3">
            {t('family.contacts.emptyTitle')}
          </Title>
          <Text mt="xs" maw="65ch">
            {t('family.contacts.emptyBody')}
          </Text>
          <Button component={Link} to={routes.newEmergencyContact} mt="md" w="fit-content">
            {t('family.contacts.add')}
          </Button>
        </Card>
      ) : null}

      {family.status === 'success' && family.data.trustees.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          component="ul"
          aria-label={t('family.contacts.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {family.data.trustees.map((trustee) => {
            const childNames = family.data.students
              .filter((student) => trustee.studentIds.includes(student.id))
              .map((student) => student.firstName);
            return <ContactCard key={trustee.id} trustee={trustee} childNames={childNames} />;
          })}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/**
 * "Your own pickup pass": makes the parent's own contact on first use (POST /api/Student/Trustees/Self) and
 * opens its page, where the pass is issued like anyone else's.
 */
function OwnPassButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { trusteeId } = await ensureSelfContact();
      navigate(routes.emergencyContact(trusteeId));
    } catch (error) {
      setOpening(false);
      // A 400 says what the parent's account lacks (a name, a phone), in the reader's language.
      const failed = t('family.contacts.ownPassFailed');
      notifyError(
        failedWith(error, 400) ? failureMessage(error, failed) : failed,
        t('family.contacts.ownPassFailedTitle'),
      );
    }
  };
  return (
    <Button variant="default" onClick={open} loading={opening}>
      {t('family.contacts.ownPass')}
    </Button>
  );
}
