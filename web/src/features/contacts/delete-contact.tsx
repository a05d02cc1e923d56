import { routes, type Trustee } from '@lc/contract';
import { Button, Group, Modal, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteTrustee } from '../../api/family.ts';
import { failedWith } from '../forms/feedback.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

/**
 * An emergency contact's delete section, confirmed in a dialog (spec §2; issue 4): DELETE the contact, then
 * back to the family's contacts with a notice; a contact already gone is said as deleted.
 */
export function DeleteContact({ trustee }: { trustee: Trustee }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTrustee(trustee.id);
      notifySuccess(t('family.contactForm.deleted', { name: trustee.fullName }));
      navigate(routes.emergencyContacts);
    } catch (error) {
      setDeleting(false);
      if (failedWith(error, 404)) {
        setConfirming(false);
        notifySuccess(t('family.contactForm.alreadyDeleted', { name: trustee.fullName }));
        navigate(routes.emergencyContacts);
        return;
      }
      notifyError(t('family.contactForm.deleteFailed'), t('family.contactForm.deleteFailedTitle'));
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="delete-heading"
    >
      <Title order={2} size="h4" id="delete-heading">
        {t('family.contactForm.delete')}
      </Title>
      <Text size="sm" mt={4}>
        {t('family.contactForm.deleteExplained', { name: trustee.firstName })}
      </Text>
      <Button color="red" variant="outline" mt="sm" onClick={() => setConfirming(true)}>
        {t('family.contactForm.delete')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!deleting) setConfirming(false);
        }}
        title={t('family.contactForm.delete')}
        centered
      >
        <Text>{t('family.contactForm.deleteConfirm', { name: trustee.fullName })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
            {t('family.contactForm.keepContact')}
          </Button>
          <Button color="red" onClick={remove} loading={deleting}>
            {t('family.contactForm.delete')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
