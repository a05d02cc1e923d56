import { routes } from '@lc/contract';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openFamilyConversation } from '../../api/conversations';
import { failureMessage } from '../forms/feedback';
import { notifyError } from '../forms/notify';

/**
 * "Message the family" on a staff family page (issue 25): opens the family's conversation (made on first
 * use, `POST /api/staff/families/{userId}/conversation`) and goes to it.
 */
export function MessageFamilyButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: () => openFamilyConversation(userId),
    onSuccess: ({ id }) => navigate(routes.staffConversation(id)),
    onError: (error) => notifyError(failureMessage(error, t('conversations.staff.openFailed'))),
  });
  return (
    <Button variant="light" loading={open.isPending} onClick={() => open.mutate()} w="fit-content">
      {t('conversations.staff.messageFamily')}
    </Button>
  );
}
