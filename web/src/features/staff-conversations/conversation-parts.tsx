/** The staff's conversation pieces (issue 25): status badges, the family's names, and the language line. */
import type { ConversationFamily, ConversationStatus } from '@lc/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fullName, joinList } from '../conversations/format';

// Filled, dark shades only: white text on them passes 4.5:1 in both themes (as the inbox's badges).
const statusColor: Record<ConversationStatus, string> = {
  New: 'honey.9',
  Replied: 'blue.8',
  Closed: 'gray.7',
};

/** New / Replied / Closed, in the reader's language. */
export function ConversationStatusBadge({ status, ...props }: BadgeProps & { status: ConversationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColor[status]} variant="filled" tt="none" radius="sm" {...props}>
      {t(`conversations.staff.status.${status}`)}
    </Badge>
  );
}

/** "Ana Avery and Luis Avery": the family's parents, in `locale`. */
export const parentNames = (family: ConversationFamily, locale: string) =>
  joinList(family.parents.map(fullName), locale);

/** "Maya and Theo": the family's children by first name, in `locale`. */
export const childNames = (family: ConversationFamily, locale: string) =>
  joinList(
    family.children.map((child) => child.firstName),
    locale,
  );

/** "Reads Spanish" / "Reads English": the language the family's messages and mails are in. */
export function useReadsLanguage(): (family: ConversationFamily) => string {
  const { t } = useTranslation();
  return (family) => t(`conversations.staff.reads.${family.language}`);
}
