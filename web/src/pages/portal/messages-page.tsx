import { routes } from '@lc/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  deleteFamilyMessage,
  editFamilyMessage,
  getFamilyConversation,
  readFamilyMessages,
  sendFamilyMessage,
  uploadMessageAttachment,
} from '../../api/conversations.ts';
import { conversationQueries } from '../../api/queries/conversations.ts';
import { conversationKeys } from '../../api/query-keys.ts';
import { CenterHoursNotice, CenterReadersLine } from '../../features/conversations/center-lines.tsx';
import { type ConversationCalls, ConversationView } from '../../features/conversations/conversation-view.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /dashboard/messages (issue 25): the family's one conversation with the center — the office and their
 * children's teachers, named in "Who reads your messages" — with the hours the center replies in when it is
 * closed, the shared conversation view (features/conversations) and a link to the notification settings.
 * Before the first message the conversation is empty (`id` null) and invites them to write.
 */
export default function MessagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('conversations.family.title'));
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const conversation = useQuery(conversationQueries.family(q));

  const changed = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKeys.family(q.trim()) }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.familyUnread() }),
      ]),
    [queryClient, q],
  );
  const calls = useMemo<ConversationCalls>(
    () => ({
      older: (before) => getFamilyConversation(q.trim() ? { before, q: q.trim() } : { before }),
      send: sendFamilyMessage,
      upload: uploadMessageAttachment,
      edit: editFamilyMessage,
      remove: deleteFamilyMessage,
      markRead: readFamilyMessages,
    }),
    [q],
  );

  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>{t('conversations.family.title')}</Title>
        <Text mt={4} maw="65ch">
          {t('conversations.family.intro')}
        </Text>
        <Group gap="md" mt="xs">
          <Anchor component={Link} to={routes.notifications} size="sm">
            {t('conversations.settingsLink')}
          </Anchor>
        </Group>
      </div>

      {conversation.status === 'pending' ? <Loading label={t('conversations.loading')} /> : null}
      {conversation.status === 'error' ? (
        <LoadFailed message={t('conversations.loadFailed')} retry={() => conversation.refetch()} />
      ) : null}
      {conversation.status === 'success' ? (
        <>
          <CenterReadersLine readers={conversation.data.centerReaders} />
          <CenterHoursNotice hours={conversation.data.centerHours} />
          <ConversationView
            key={q}
            side="Family"
            page={conversation.data}
            unread={conversation.data.unread > 0}
            q={q}
            onSearch={setQ}
            calls={calls}
            changed={changed}
            empty={t('conversations.family.empty')}
          />
        </>
      ) : null}
    </Stack>
  );
}
