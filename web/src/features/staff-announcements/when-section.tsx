import { Paper, Radio, Stack, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { TextField, useFieldError } from '../forms/fields';
import type { AnnouncementFields, AnnouncementFormValues } from './announcement-form';

/** "When": send now, or at a day and time on the center's clock (`zone`, e.g. "Pacific Time"). */
export function WhenSection({
  zone,
  when,
  form,
}: AnnouncementFields & {
  zone: string;
  when: AnnouncementFormValues['when'];
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="when-heading">
      <Title order={2} fz="h4" id="when-heading" mb="sm">
        When
      </Title>
      <SendChoice zone={zone} form={form} />
      {when === 'later' ? (
        <TextField
          form={form}
          name="sendAt"
          mt="md"
          maw={320}
          type="datetime-local"
          label={`Send on (${zone})`}
          description="The email and text go out then; families see it on the web from then too."
        />
      ) : null}
    </Paper>
  );
}

/** "Send": now, or at a time chosen on the center's clock (radios: the kit has no radio field). */
function SendChoice({ zone, form }: AnnouncementFields & { zone: string }) {
  const { field } = useController({ control: form.control, name: 'when' });
  const error = useFieldError(form, 'when');
  return (
    <Radio.Group
      label="Send"
      value={field.value}
      onChange={(value) => field.onChange(value as AnnouncementFormValues['when'])}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="now" label="Now" />
        <Radio value="later" label={`At a time I choose (${zone})`} />
      </Stack>
    </Radio.Group>
  );
}
