import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TextareaField } from '../forms/fields';
import type { AnnouncementFields, AnnouncementFormValues } from './announcement-form';
import { formatInstant } from './format';
import { MessagePreview, SmsLength } from './message-preview';

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
          <SmsLength message={values.smsMessage} />
        </Stack>
        <MessagePreview
          subject={values.title}
          emailMessage={values.emailMessage}
          smsMessage={values.smsMessage}
        />
      </SimpleGrid>
    </Paper>
  );
}
