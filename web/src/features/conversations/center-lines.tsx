import type { CenterHours, CenterReader } from '@lc/contract';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { formatWallTime, fullName, joinList } from './format.ts';

/**
 * Above a family's conversation while the center is closed (`closedNow`): "The center replies from 8 AM",
 * the opening time in the reader's language, so a message sent at night expects no answer before then.
 */
export function CenterHoursNotice({ hours }: { hours: CenterHours }) {
  const { t } = useTranslation();
  if (!hours.closedNow) return null;
  return (
    <Alert color="blue" variant="light">
      {t('conversations.centerReplies', { time: formatWallTime(hours.from, intlLocale()) })}
    </Alert>
  );
}

/**
 * "Who reads your messages": the office and the children's teachers with their rooms, as the family's
 * conversation names them today ("Elena Okafor (director), Ana Rivera (teacher, Bluebird Room)").
 */
export function CenterReadersLine({ readers }: { readers: readonly CenterReader[] }) {
  const { t } = useTranslation();
  if (readers.length === 0) return null;
  const locale = intlLocale();
  const people = readers.map((reader) => {
    const role = t(`conversations.readerRoles.${reader.role}`);
    return reader.sessions.length > 0
      ? t('conversations.readerInRooms', {
          name: fullName(reader),
          role,
          rooms: joinList(reader.sessions, locale),
        })
      : `${fullName(reader)} (${role})`;
  });
  return (
    <Text size="sm" c="dimmed">
      {t('conversations.whoReads', { people: joinList(people, locale) })}
    </Text>
  );
}
