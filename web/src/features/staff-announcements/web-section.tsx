import { NumberInput, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { AnnouncementFields } from './announcement-form';
import { RichTextField } from './rich-text-field';

/** "On the web": the title, category, priority, the days families see it, and the rich-text web message. */
export function WebSection({ register, control, errors }: AnnouncementFields) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="web-heading">
      <Title order={2} fz="h4" id="web-heading" mb="sm">
        On the web
      </Title>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={120}
          error={errors.title?.message}
          {...register('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Category"
            description="For example Event, Reminder or Closure."
            maxLength={40}
            error={errors.category?.message}
            {...register('category')}
          />
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <NumberInput
                ref={field.ref}
                label="Priority"
                description="0 is normal; above 0 is listed first and marked Important."
                min={0}
                max={10}
                allowDecimal={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.priority?.message}
              />
            )}
          />
          <TextInput
            type="date"
            label="Show from"
            description="Leave empty to show it from when it is sent."
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextInput
            type="date"
            label="Show until"
            description="The last day families see it; leave empty to keep it."
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="webMessage"
          render={({ field }) => (
            <RichTextField
              ref={field.ref}
              label="Web message"
              description="Shown on the families’ pages. Leave empty to send only the email or text."
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.webMessage?.message}
            />
          )}
        />
      </Stack>
    </Paper>
  );
}
