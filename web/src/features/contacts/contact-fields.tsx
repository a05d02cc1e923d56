import type { Student, TrusteeInput } from '@lc/contract';
import { Autocomplete, Checkbox, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { relationshipOptions } from '../family/format.ts';

/** The contact form's fields a section takes: react-hook-form's register and the errors to show. */
type Fields = { register: UseFormRegister<TrusteeInput>; errors: FieldErrors<TrusteeInput> };

/** "Who they are": first and last name, and the relationship (suggestions, any words allowed). */
export function WhoTheyAreFields({ register, errors, control }: Fields & { control: Control<TrusteeInput> }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  return (
    <>
      <Title order={2} size="h4">
        {t('family.contactForm.whoTheyAre')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('family.contactForm.firstName')}
          autoComplete="off"
          required
          error={fieldMessage(errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextInput
          label={t('family.contactForm.lastName')}
          autoComplete="off"
          required
          error={fieldMessage(errors.lastName?.message)}
          {...register('lastName')}
        />
      </SimpleGrid>
      <Controller
        name="relationship"
        control={control}
        render={({ field, fieldState }) => (
          <Autocomplete
            label={t('family.contactForm.relationship')}
            description={t('family.contactForm.relationshipHint')}
            data={relationshipOptions()}
            autoComplete="off"
            required
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldMessage(fieldState.error?.message)}
          />
        )}
      />
    </>
  );
}

/** "How to reach them": cell and home phone, email. */
export function ReachFields({ register, errors }: Fields) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  return (
    <>
      <div>
        <Title order={2} size="h4" mt="sm">
          {t('family.contactForm.reach')}
        </Title>
        <Text size="sm" mt={4}>
          {t('family.contactForm.reachHint')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('family.contactForm.cellPhone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={fieldMessage(errors.cellPhone?.message)}
          {...register('cellPhone')}
        />
        <TextInput
          label={t('family.contactForm.homePhone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={fieldMessage(errors.homePhone?.message)}
          {...register('homePhone')}
        />
      </SimpleGrid>
      <TextInput
        label={t('family.contactForm.email')}
        type="email"
        autoComplete="email"
        error={fieldMessage(errors.emailAddress?.message)}
        {...register('emailAddress')}
      />
    </>
  );
}

/** "What they may do": pick up, texts, emails, and (editing) whether the contact is active. */
export function PermissionFields({ register, errors, editing }: Fields & { editing: boolean }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  return (
    <>
      <Title order={2} size="h4" mt="sm">
        {t('family.contactForm.mayDo')}
      </Title>
      <Checkbox
        label={t('family.contactForm.canPickUp')}
        description={t('family.contactForm.canPickUpHint')}
        error={fieldMessage(errors.canPickup?.message)}
        {...register('canPickup')}
      />
      <Checkbox
        label={t('family.contactForm.texts')}
        description={t('family.contactForm.textsHint')}
        error={fieldMessage(errors.receiveSMS?.message)}
        {...register('receiveSMS')}
      />
      <Checkbox
        label={t('family.contactForm.emails')}
        description={t('family.contactForm.emailsHint')}
        error={fieldMessage(errors.receiveEmail?.message)}
        {...register('receiveEmail')}
      />
      {editing ? (
        <Checkbox
          label={t('family.contactForm.active')}
          description={t('family.contactForm.activeHint')}
          error={fieldMessage(errors.isActive?.message)}
          {...register('isActive')}
        />
      ) : null}
    </>
  );
}

/** The children the contact is for: one checkbox each, at least one required. */
export function ChildrenField({
  students,
  errors,
  control,
}: {
  students: readonly Student[];
  errors: FieldErrors<TrusteeInput>;
  control: Control<TrusteeInput>;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  return (
    <Controller
      name="studentIds"
      control={control}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={t('family.contactForm.children')}
          description={t('family.contactForm.childrenHint')}
          withAsterisk
          mt="sm"
          value={field.value ?? []}
          onChange={field.onChange}
          error={fieldMessage(fieldState.error?.message ?? errors.studentIds?.root?.message)}
        >
          <Stack gap="xs" mt="xs">
            {students.map((student, index) => (
              <Checkbox
                key={student.id}
                value={student.id}
                label={`${student.firstName} ${student.lastName}`}
                ref={index === 0 ? field.ref : undefined}
                onBlur={field.onBlur}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}
