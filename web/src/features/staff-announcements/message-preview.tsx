/**
 * What an announcement and a message to chosen families (issue 24) show alike: the email and the text as they
 * go out (`announcementEmailText`, `announcementSmsText`), the text's length in parts (`smsSegments`), and
 * how many families and contacts each channel reaches, in one sentence.
 */
import {
  type AnnouncementReach,
  announcementEmailText,
  announcementSmsText,
  smsSegments,
} from '@lc/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { plural } from './announcement-form';

/** "Reaches 3 families: email to 3 families and 1 emergency contact; text messages to …". */
export function reachSentence(reach: AnnouncementReach): string {
  return `Reaches ${plural(reach.families, 'family', 'families')}: email to ${plural(reach.email.families, 'family', 'families')} and ${plural(reach.email.contacts, 'emergency contact', 'emergency contacts')}; text messages to ${plural(reach.sms.families, 'family', 'families')} and ${plural(reach.sms.contacts, 'emergency contact', 'emergency contacts')}.`;
}

/** The text message's length with “Bright Oak:” and its parts, announced politely as it is typed. */
export function SmsLength({ message }: { message: string }) {
  const sms = message ? announcementSmsText(message) : '';
  const segments = smsSegments(sms);
  return (
    <Text size="sm" aria-live="polite">
      {sms
        ? `${segments.length} characters with “Bright Oak:” · ${plural(segments.segments, 'text part', 'text parts')}${segments.encoding === 'UCS-2' ? ' (emoji or special characters make parts shorter)' : ''}`
        : 'No text message.'}
    </Text>
  );
}

/** "Preview": the email (subject and words with the sign-off) and the text message, exactly as they go out. */
export function MessagePreview({
  subject,
  emailMessage,
  smsMessage,
}: {
  subject: string;
  emailMessage: string;
  smsMessage: string;
}) {
  const sms = smsMessage ? announcementSmsText(smsMessage) : '';
  return (
    <Stack gap="sm" aria-label="Preview" component="section">
      <Title order={3} fz="h5">
        Preview
      </Title>
      <Paper withBorder p="sm" radius="sm" aria-label="Email preview" component="figure" m={0}>
        <Text size="sm" fw={600}>
          Subject: {subject || 'Your title'}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {emailMessage ? announcementEmailText(emailMessage) : 'No email will be sent.'}
        </Text>
      </Paper>
      <Paper withBorder p="sm" radius="lg" aria-label="Text message preview" component="figure" m={0}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {sms || 'No text message will be sent.'}
        </Text>
      </Paper>
    </Stack>
  );
}
