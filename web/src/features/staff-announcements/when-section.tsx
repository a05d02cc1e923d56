import { Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { AnnouncementFields, AnnouncementFormValues } from './announcement-form';

/** "When": send now, or at a day and time on the center's clock (`zone`, e.g. "Pacific Time"). */
export function WhenSection({
  zone,
  when,
  register,
  control,
  errors,
}: AnnouncementFields & {
  zone: string;
  when: AnnouncementFormValues['when'];
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="when-heading">
      <Title order={2} fz="h4" id="when-heading" mb="sm">
        When
      </Title>
      <Controller
        control={control}
        name="when"
        render={({ field }) => (
          <Radio.Group
            label="Send"
            value={field.value}
            onChange={(value) => field.onChange(value as AnnouncementFormValues['when'])}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="now" label="Now" />
              <Radio value="later" label={`At a time I choose (${zone})`} />
            </Stack>
          </Radio.Group>
        )}
      />
      {when === 'later' ? (
        <TextInput
          mt="md"
          maw={320}
          type="datetime-local"
          label={`Send on (${zone})`}
          description="The email and text go out then; families see it on the web from then too."
          error={errors.sendAt?.message}
          {...register('sendAt')}
        />
      ) : null}
    </Paper>
  );
}
