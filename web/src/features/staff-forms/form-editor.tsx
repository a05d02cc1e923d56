import { zodResolver } from '@hookform/resolvers/zod';
import {
  FORM_FIELD_TYPES,
  FORM_KINDS,
  FORM_REQUIREMENTS,
  FORM_SCOPES,
  type FormInput,
  FormInputSchema,
  fieldMessage,
  type ProgramRow,
  type StaffForm,
} from '@lc/contract';
import { ActionIcon, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Control, useController, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { saveStaffForm } from '../../api/staff-forms';
import { type FormOf, NativeSelectField, TextField, useFieldError } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { RichTextField } from '../staff-announcements/rich-text-field';
import {
  FORM_FIELD_TYPE_LABELS,
  FORM_KIND_LABELS,
  FORM_REQUIREMENT_LABELS,
  FORM_SCOPE_LABELS,
} from './labels';

/** The editor's schema: the contract's, with the program chosen from a select (a string there). */
const EditorSchema = FormInputSchema.extend({
  programId: z.coerce.number<string>().int().min(1, fieldMessage('fields.forms.chooseProgram')),
});
type EditorIn = z.input<typeof EditorSchema>;
type EditorOut = z.output<typeof EditorSchema>;

const blankField = { type: 'ShortText', labelEn: '', labelEs: '', required: true } as const;

/** The draft's values as the editor holds them. */
function valuesOf(form: StaffForm | null): EditorIn {
  const d = form?.draft;
  return {
    programId: d ? String(d.programId) : '',
    kind: d?.kind ?? 'EnrollmentAgreement',
    scope: d?.scope ?? 'Child',
    requirement: d?.requirement ?? 'Blocking',
    titleEn: d?.titleEn ?? '',
    titleEs: d?.titleEs ?? '',
    bodyEn: d?.bodyEn ?? '',
    bodyEs: d?.bodyEs ?? '',
    fields: (d?.fields ?? []).map((f) => ({ ...f, choices: f.choices ?? [] })),
  } as EditorIn;
}

/**
 * The director's form editor (issue 26; decision 036): program, kind, who signs, whether it is required and
 * how; the title and document text in English and Spanish (the policies' rich-text editor); the questions a
 * parent answers, each with its kind, labels in both languages and whether it is required. Saving keeps the
 * draft of the next version; publishing is the page's.
 */
export function FormEditor({
  form: existing,
  programs,
  onSaved,
}: {
  form: StaffForm | null;
  programs: ProgramRow[];
  onSaved: (saved: StaffForm) => void;
}) {
  const form = useForm<EditorIn, unknown, EditorOut>({
    resolver: zodResolver(EditorSchema),
    defaultValues: valuesOf(existing),
  });
  const fields = useFieldArray({ control: form.control, name: 'fields' });
  const fieldNames = [
    'programId',
    'kind',
    'scope',
    'requirement',
    'titleEn',
    'titleEs',
    'bodyEn',
    'bodyEs',
    'fields',
    ...fields.fields.flatMap(
      (_, i) => [`fields.${i}.labelEn`, `fields.${i}.labelEs`, `fields.${i}.choices`] as const,
    ),
  ] as const;
  const submit = useSubmit(form, {
    action: (values: EditorOut) => saveStaffForm(existing?.id ?? null, values as FormInput),
    fields: fieldNames as never,
    success: existing ? 'Draft saved.' : 'Form written. Publish it when it is ready for families.',
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      onSaved(saved);
    },
  });
  const locked = existing?.status === 'Archived';

  return (
    <form
      onSubmit={submit.onSubmit}
      noValidate
      aria-label={existing ? `Edit ${existing.title}` : 'Write a form'}
    >
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelectField
              form={form}
              name="programId"
              label="Program"
              required
              data={[
                { value: '', label: 'Choose a program' },
                ...programs.map((p) => ({ value: String(p.id), label: p.name })),
              ]}
            />
            <NativeSelectField
              form={form}
              name="kind"
              label="Kind"
              data={FORM_KINDS.map((k) => ({ value: k, label: FORM_KIND_LABELS[k] }))}
            />
            <NativeSelectField
              form={form}
              name="scope"
              label="Who signs"
              description="A photo release is always signed per child."
              data={FORM_SCOPES.map((k) => ({ value: k, label: FORM_SCOPE_LABELS[k] }))}
            />
            <NativeSelectField
              form={form}
              name="requirement"
              label="Required for the program"
              data={FORM_REQUIREMENTS.map((k) => ({ value: k, label: FORM_REQUIREMENT_LABELS[k] }))}
            />
            <TextField form={form} name="titleEn" label="Title (English)" required />
            <TextField form={form} name="titleEs" label="Title (Spanish)" required />
          </SimpleGrid>
          <BodyField form={form} name="bodyEn" label="Document text (English)" />
          <BodyField form={form} name="bodyEs" label="Document text (Spanish)" />
          <Title order={2} size="h3">
            Questions families answer
          </Title>
          <FieldsError form={form} />
          {fields.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              No questions: families read the document and sign. A photo release needs a required yes or no
              question.
            </Text>
          ) : null}
          {fields.fields.map((field, i) => (
            <Card
              key={field.id}
              withBorder
              radius="md"
              padding="md"
              component="fieldset"
              aria-label={`Question ${i + 1}`}
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={600}>Question {i + 1}</Text>
                  <Button variant="subtle" color="red" size="xs" onClick={() => fields.remove(i)}>
                    Remove question {i + 1}
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NativeSelectField
                    form={form}
                    name={`fields.${i}.type`}
                    label="Kind of answer"
                    data={FORM_FIELD_TYPES.map((k) => ({ value: k, label: FORM_FIELD_TYPE_LABELS[k] }))}
                  />
                  <RequiredBox control={form.control} index={i} />
                  <TextField form={form} name={`fields.${i}.labelEn`} label="Question (English)" required />
                  <TextField form={form} name={`fields.${i}.labelEs`} label="Question (Spanish)" required />
                </SimpleGrid>
                <ChoicesEditor form={form} index={i} />
              </Stack>
            </Card>
          ))}
          <div>
            <Button variant="light" onClick={() => fields.append({ ...blankField })}>
              Add a question
            </Button>
          </div>
          <FormFailure failure={submit.failure} />
          <div>
            <Button type="submit" loading={submit.submitting}>
              {existing ? 'Save draft' : 'Write the form'}
            </Button>
          </div>
        </Stack>
      </fieldset>
    </form>
  );
}

/** The document text in the rich-text editor, with its error by the field and focus on error. */
function BodyField({
  form,
  name,
  label,
}: {
  form: FormOf<EditorIn>;
  name: 'bodyEn' | 'bodyEs';
  label: string;
}) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <RichTextField
      ref={field.ref}
      label={label}
      description="As families will read it before they sign."
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** The message about the questions as a whole (a photo release without its yes or no question). */
function FieldsError({ form }: { form: FormOf<EditorIn> }) {
  const error = useFieldError(form, 'fields');
  return error ? (
    <Text c="red" size="sm" role="alert">
      {error}
    </Text>
  ) : null;
}

function RequiredBox({ control, index }: { control: Control<EditorIn, unknown, EditorOut>; index: number }) {
  const { field } = useController({ control, name: `fields.${index}.required` });
  return (
    <Checkbox
      mt="xl"
      label="An answer is required"
      checked={field.value === true}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      ref={field.ref}
    />
  );
}

/** A choice question's choices, each in both languages. */
function ChoicesEditor({
  form,
  index,
}: {
  form: ReturnType<typeof useForm<EditorIn, unknown, EditorOut>>;
  index: number;
}) {
  const type = useWatch({ control: form.control, name: `fields.${index}.type` });
  const choices = useFieldArray({
    control: form.control,
    name: `fields.${index}.choices` as 'fields.0.choices',
  });
  const error = useFieldError(form, `fields.${index}.choices`);
  if (type !== 'Choice') return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Choices
      </Text>
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      {choices.fields.map((choice, c) => (
        <Group key={choice.id} align="flex-end" wrap="wrap">
          <TextField
            form={form}
            name={`fields.${index}.choices.${c}.labelEn`}
            label={`Choice ${c + 1} (English)`}
          />
          <TextField
            form={form}
            name={`fields.${index}.choices.${c}.labelEs`}
            label={`Choice ${c + 1} (Spanish)`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove choice ${c + 1}`}
            onClick={() => choices.remove(c)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <div>
        <Button variant="subtle" size="xs" onClick={() => choices.append({ labelEn: '', labelEs: '' })}>
          Add a choice
        </Button>
      </div>
    </Stack>
  );
}
