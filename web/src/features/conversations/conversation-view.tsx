import type { Message, MessageAttachment, MessageInput, MessageReader, MessageSide } from '@lc/contract';
import { Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { failureMessage } from '../forms/feedback.ts';
import { notifyError } from '../forms/notify.ts';
import classes from './conversation.module.css';
import { canChange, joinList, mergeMessages, seenBy } from './format.ts';
import { MessageComposer } from './message-composer.tsx';
import { type MessageChanges, MessageItem, useAuthorLabel } from './message-item.tsx';

/** A page of a conversation as both sides' replies have it (`FamilyConversation`, `StaffConversation`). */
export type ConversationPage = { messages: Message[]; hasOlder: boolean; readers: MessageReader[] };

/** The calls a conversation makes, bound by the page to the family's or the staff's rows. */
export type ConversationCalls = {
  /** The page of messages before `before` (a message id), for the search `q` shown ('' for none). */
  older: (before: string) => Promise<ConversationPage>;
  send: (input: MessageInput) => Promise<Message>;
  upload: (file: File) => Promise<MessageAttachment>;
  edit: MessageChanges['edit'];
  remove: MessageChanges['remove'];
  /** Marks the conversation read up to a message (the other side's read receipt). */
  markRead: (lastMessageId: string) => Promise<void>;
};

/**
 * One family's conversation with the center (issue 25, "Messages"), the same for a parent and a staff member:
 * the search box, "Show earlier messages", the messages (oldest first, in a box that scrolls to the newest),
 * the read receipt under the reader's latest message ("Seen by Ana"), and the composer.
 *
 * `page` is the newest page (or the search's matches for `q`), which the page reads again every 10 s while
 * it is visible; older pages are added below it here, kept with every message seen so far, so a page that
 * moves on as new messages arrive leaves no gap. When `unread` (someone on the other side wrote after the
 * reader last read) and no search is shown, the conversation is marked read up to its newest message, once
 * per newest message. New messages from the other side are announced in a polite live region. `changed`
 * runs after every write (send, edit, delete, read): the page reads the conversation and its counts again.
 * Give the view `key={q}` so a new search starts afresh.
 */
export function ConversationView({
  side,
  page,
  unread,
  q,
  onSearch,
  calls,
  changed,
  empty,
}: {
  side: MessageSide;
  page: ConversationPage;
  unread: boolean;
  q: string;
  onSearch: (q: string) => void;
  calls: ConversationCalls;
  changed: () => Promise<unknown>;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const authorLabel = useAuthorLabel();
  // Messages of older pages, and of newest pages seen since the first older page was asked for.
  const [kept, setKept] = useState<Message[]>([]);
  const [keptHasOlder, setKeptHasOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Local changes the next read of the newest page will confirm (an edit, a deletion).
  const [local, setLocal] = useState<Message[]>([]);
  const messages = mergeMessages(kept, page.messages, local);
  const hasOlder = keptHasOlder ?? page.hasOlder;
  const now = useEditClock(messages);

  const lastId = page.messages.at(-1)?.id;
  const readPosted = useRef<string | null>(null);
  useEffect(() => {
    if (q || !unread || !lastId || readPosted.current === lastId) return;
    readPosted.current = lastId;
    calls
      .markRead(lastId)
      .then(() => changed())
      .catch(() => {
        // Not marked: the next read of the conversation tries again.
        readPosted.current = null;
      });
  }, [q, unread, lastId, calls, changed]);

  const announcement = useNewMessageAnnouncement(page.messages, side, authorLabel);

  // The box shows the newest message when the conversation opens and whenever a newer one arrives.
  const log = useRef<HTMLElement | null>(null);
  const newestShown = messages.at(-1)?.id;
  useLayoutEffect(() => {
    if (newestShown && log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [newestShown]);

  const showOlder = async () => {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const older = await calls.older(oldest.id);
      setKept((list) => mergeMessages(older.messages, list, page.messages));
      setKeptHasOlder(older.hasOlder);
    } catch (error) {
      notifyError(failureMessage(error, t('conversations.olderFailed')));
    } finally {
      setLoadingOlder(false);
    }
  };

  const changes: MessageChanges = {
    edit: calls.edit,
    remove: calls.remove,
    changed: (next) => {
      const current = messages.find((message) => message.id === next.id);
      if ('deleted' in next) {
        if (current)
          setLocal((list) => [
            ...list.filter((m) => m.id !== next.id),
            {
              ...current,
              body: '',
              attachments: [],
              deletedAt: new Date().toISOString(),
              editableUntil: null,
            },
          ]);
      } else setLocal((list) => [...list.filter((m) => m.id !== next.id), next]);
      void changed();
    },
  };

  // A local change stands until the newest page carries the message as the server now has it.
  useEffect(() => {
    setLocal((list) => {
      const left = list.filter((mine) => {
        const served = page.messages.find((m) => m.id === mine.id);
        return !served || (served.editedAt === null && served.deletedAt === null);
      });
      return left.length === list.length ? list : left;
    });
  }, [page.messages]);

  const receipt = seenBy(messages, page.readers, side);
  const receiptText =
    receipt && receipt.names.length > 0
      ? t('conversations.seenBy', { names: joinList(receipt.names, intlLocale()) })
      : null;

  return (
    <Stack gap="md">
      <SearchBox q={q} onSearch={onSearch} />
      {q ? (
        <Group gap="sm" justify="space-between">
          <Text size="sm" role="status">
            {t('conversations.searchResults', { count: messages.length, q })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => onSearch('')}>
            {t('conversations.clearSearch')}
          </Button>
        </Group>
      ) : null}
      <section
        ref={log}
        className={classes.log}
        aria-label={t('conversations.messages')}
        // The box scrolls: it takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
      >
        {hasOlder ? (
          <Group justify="center" mb="sm">
            <Button variant="default" size="compact-sm" loading={loadingOlder} onClick={showOlder}>
              {t('conversations.showEarlier')}
            </Button>
          </Group>
        ) : null}
        {messages.length === 0 ? (
          <Text>{q ? t('conversations.noMatches') : empty}</Text>
        ) : (
          <ul className={classes.list}>
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                changeable={canChange(message, now)}
                changes={changes}
                receipt={receipt?.messageId === message.id ? receiptText : null}
              />
            ))}
          </ul>
        )}
      </section>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <MessageComposer
        send={calls.send}
        upload={calls.upload}
        onSent={async () => {
          if (q) onSearch('');
          await changed();
        }}
      />
    </Stack>
  );
}

/** "Search messages": the words are searched when the form is sent (Enter or the button). */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [words, setWords] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(words.trim());
  };
  return (
    <search>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            type="search"
            label={t('conversations.search')}
            value={words}
            onChange={(event) => setWords(event.currentTarget.value)}
            maxLength={100}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="default">
            {t('conversations.searchButton')}
          </Button>
        </Group>
      </form>
    </search>
  );
}

/**
 * What the live region says when the newest page brings messages from the other side that were not there
 * before: "New message from Ana Rivera · Teacher", or how many. Nothing for the first page shown, nor for the
 * reader's own side's messages.
 */
function useNewMessageAnnouncement(
  newest: readonly Message[],
  side: MessageSide,
  authorLabel: (message: Message) => string,
): string {
  const { t } = useTranslation();
  const seen = useRef<Set<string> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(newest.map((message) => message.id));
      return;
    }
    const known = seen.current;
    const fresh = newest.filter((message) => !known.has(message.id) && message.side !== side);
    for (const message of newest) known.add(message.id);
    const [first] = fresh;
    if (!first) return;
    setText(
      fresh.length === 1
        ? t('conversations.newMessageFrom', { name: authorLabel(first) })
        : t('conversations.newMessages', { count: fresh.length }),
    );
  }, [newest, side, authorLabel, t]);
  return text;
}

/**
 * The time the edit windows are judged by (ms): now, moved on when the next open window closes (at most one
 * window's length ahead), so Edit and Delete leave a message as its window ends.
 */
function useEditClock(messages: readonly Message[]): number {
  const [now, setNow] = useState(() => Date.now());
  const nextClose = messages
    .map((message) => (message.editableUntil ? Date.parse(message.editableUntil) : Number.NaN))
    .filter((at) => at > now)
    .reduce((soonest, at) => Math.min(soonest, at), Number.POSITIVE_INFINITY);
  useEffect(() => {
    const wait = nextClose - Date.now();
    // Only a window that closes within the hour is waited for (a timer's delay is capped near 25 days).
    if (!Number.isFinite(wait) || wait > 60 * 60_000) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait) + 250);
    return () => clearTimeout(timer);
  }, [nextClose]);
  return now;
}
