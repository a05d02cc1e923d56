import { announcementEmailText, announcementSmsText, smsSegments } from '@lc/contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TextareaField } from '../forms/fields';
import { type AnnouncementFields, type AnnouncementFormValues, plural } from './announcement-form';
import { formatInstant } from './format';

/**
 * "Email and text message": the plain-text email and the text message (its length in characters and text
 * parts, "Bright Oak:" in front), each with a live preview; read-only once they went out at `sentAt`.
 */
export function DeliverySection({
  sentAt,
  values,
  form,
}: AnnouncementFields & {
  /** When the email and text went out (ISO instant), or null before. */
  sentAt: string | null;
  values: Pick<AnnouncementFormValues, 'title' | 'emailMessage' | 'smsMessage'>;
}) {
  const sent = Boolean(sentAt);
  const sms = values.smsMessage ? announcementSmsText(values.smsMessage) : '';
  const segments = smsSegments(sms);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="delivery-heading">
      <Title order={2} fz="h4" id="delivery-heading" mb="sm">
        Email and text message
      </Title>
      {sent ? (
        <Text size="sm" mb="sm">
          These went out {formatInstant(sentAt!)} and can no longer change.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <TextareaField
            form={form}
            name="emailMessage"
            label="Email"
            description="Plain text. Leave empty to send no email."
            autosize
            minRows={4}
            maxLength={10_000}
            readOnly={sent}
          />
          <TextareaField
            form={form}
            name="smsMessage"
            label="Text message"
            description="Leave empty to send no text. “Bright Oak:” is added in front."
            autosize
            minRows={2}
            maxLength={320}
            readOnly={sent}
          />
          <Text size="sm" id="sms-count" aria-live="polite">
            {sms
              ? `${segments.length} characters with “Bright Oak:” · ${plural(segments.segments, 'text part', 'text parts')}${segments.encoding === 'UCS-2' ? ' (emoji or special characters make parts shorter)' : ''}`
              : 'No text message.'}
          </Text>
        </Stack>
        <Stack gap="sm" aria-label="Preview" component="section">
          <Title order={3} fz="h5">
            Preview
          </Title>
          <Paper withBorder p="sm" radius="sm" aria-label="Email preview" component="figure" m={0}>
            <Text size="sm" fw={600}>
              Subject: {values.title || 'Your title'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {values.emailMessage ? announcementEmailText(values.emailMessage) : 'No email will be sent.'}
            </Text>
          </Paper>
          <Paper withBorder p="sm" radius="lg" aria-label="Text message preview" component="figure" m={0}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {sms || 'No text message will be sent.'}
            </Text>
          </Paper>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
