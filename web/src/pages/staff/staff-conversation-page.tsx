import { routes, type StaffConversation } from '@lc/contract';
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  deleteStaffMessage,
  editStaffMessage,
  getStaffConversation,
  readStaffMessages,
  sendStaffMessage,
  uploadMessageAttachment,
} from '../../api/conversations';
import { conversationQueries } from '../../api/queries/conversations';
import { staffKeys } from '../../api/query-keys';
import { type ConversationCalls, ConversationView } from '../../features/conversations/conversation-view';
import { hasUnreadFor } from '../../features/conversations/format';
import { failedWith } from '../../features/forms/feedback';
import classes from '../../features/staff/staff.module.css';
import { ConversationHandling } from '../../features/staff-conversations/conversation-handling';
import {
  ConversationStatusBadge,
  childNames,
  parentNames,
  useReadsLanguage,
} from '../../features/staff-conversations/conversation-parts';
import { intlLocale } from '../../i18n/intl-locale';
import { usePageTitle } from '../../layout/use-page-title';
import { getToken, readClaims } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

/**
 * /staff/messages/:id (issue 25): one family's conversation with the center — the parents, the children and
 * the language they read ("Reads Spanish"), the status and who looks after it (with their controls only
 * when the reply says `canManage`), then the shared conversation view (features/conversations). An id the
 * reader may not reach shows the not-found page.
 */
export default function StaffConversationPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const conversation = useQuery({
    ...conversationQueries.staff(id, q),
    retry: (count, error) => !failedWith(error, 403, 404) && count < 1,
  });
  const data = conversation.data;
  const locale = intlLocale();
  const reads = useReadsLanguage();
  usePageTitle(
    data
      ? t('conversations.staff.conversationTitle', { family: parentNames(data.family, locale) })
      : t('conversations.staff.listTitle'),
  );

  /** After a write: this conversation, the list and the sidebar's count are read again. */
  const changed = useCallback(
    () => queryClient.invalidateQueries({ queryKey: staffKeys.conversations() }),
    [queryClient],
  );
  const settle = async (next: StaffConversation) => {
    queryClient.setQueryData(staffKeys.conversation(id, ''), next);
    await changed();
  };
  const calls = useMemo<ConversationCalls>(
    () => ({
      older: (before) => getStaffConversation(id, q.trim() ? { before, q: q.trim() } : { before }),
      send: (input) => sendStaffMessage(id ?? '', input),
      upload: uploadMessageAttachment,
      edit: editStaffMessage,
      remove: deleteStaffMessage,
      markRead: (lastMessageId) => readStaffMessages(id ?? '', lastMessageId),
    }),
    [id, q],
  );

  if (failedWith(conversation.error, 404)) return <NotFoundPage />;
  if (conversation.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title={t('conversations.staff.oneFailed')}>
        {t('conversations.staff.checkConnection')}
      </Alert>
    );
  if (!data)
    return (
      <Text role="status" mt="lg">
        {t('conversations.loading')}
      </Text>
    );

  const readerId = readClaims(getToken())?.sub ?? null;
  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Anchor component={Link} to={routes.staffMessages} size="sm">
        {t('conversations.staff.back')}
      </Anchor>
      <div>
        <Title order={1}>{parentNames(data.family, locale)}</Title>
        <Group gap="xs" mt={6}>
          <ConversationStatusBadge status={data.status} />
          <Badge color="gray" variant="default" tt="none" radius="sm">
            {reads(data.family)}
          </Badge>
          <Text size="sm" c="dimmed">
            {data.family.children.length > 0
              ? t('conversations.staff.children', { names: childNames(data.family, locale) })
              : t('conversations.staff.noChildren')}
          </Text>
        </Group>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={routes.staffFamily(data.family.userId)} size="sm">
            {t('conversations.staff.familyPage')}
          </Anchor>
          <Anchor component={Link} to={routes.staffNotifications} size="sm">
            {t('conversations.settingsLink')}
          </Anchor>
        </Group>
      </div>

      {data.canManage ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handling-heading">
          <Title order={2} fz="h4" id="handling-heading" mb="xs">
            {t('conversations.staff.handling')}
          </Title>
          <ConversationHandling conversation={data} settle={settle} />
        </Paper>
      ) : data.assignee ? (
        <Text size="sm">
          {t('conversations.staff.lookedAfterBy', {
            name: `${data.assignee.firstName} ${data.assignee.lastName}`,
          })}
        </Text>
      ) : null}

      <ConversationView
        key={q}
        side="Center"
        page={data}
        unread={hasUnreadFor(readerId, data.messages, data.readers)}
        q={q}
        onSearch={setQ}
        calls={calls}
        changed={changed}
        empty={t('conversations.staff.emptyConversation')}
      />
    </Stack>
  );
}
