import { NumberInput, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { TextField, useFieldError } from '../forms/fields';
import type { AnnouncementFields } from './announcement-form';
import { RichTextFormField } from './rich-text-field';

/** "On the web": the title, category, priority, the days families see it, and the rich-text web message. */
export function WebSection({ form }: AnnouncementFields) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="web-heading">
      <Title order={2} fz="h4" id="web-heading" mb="sm">
        On the web
      </Title>
      <Stack gap="md">
        <TextField form={form} name="title" label="Title" required maxLength={120} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            form={form}
            name="category"
            label="Category"
            description="For example Event, Reminder or Closure."
            maxLength={40}
          />
          <PriorityField form={form} />
          <TextField
            form={form}
            name="startDate"
            type="date"
            label="Show from"
            description="Leave empty to show it from when it is sent."
          />
          <TextField
            form={form}
            name="endDate"
            type="date"
            label="Show until"
            description="The last day families see it; leave empty to keep it."
          />
        </SimpleGrid>
        <RichTextFormField
          form={form}
          name="webMessage"
          label="Web message"
          description="Shown on the families’ pages. Leave empty to send only the email or text."
        />
      </Stack>
    </Paper>
  );
}

/**
 * The priority, a whole number from 0 to 10 (the kit has no number field): bound like the kit's fields
 * (features/forms/fields.tsx), its error in the reader's language and focus when it is the first error.
 */
function PriorityField({ form }: AnnouncementFields) {
  const { field } = useController({ control: form.control, name: 'priority' });
  const error = useFieldError(form, 'priority');
  return (
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
      error={error}
    />
  );
}
