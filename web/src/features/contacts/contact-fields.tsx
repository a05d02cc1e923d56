/**
 * The emergency contact form's four sections (spec §2; issue 4), each a list of the form kit's fields
 * (docs/architecture.md, "Forms"). The relationship (suggestions, any words allowed) and the children (one
 * checkbox each) have no field in the kit, so they are bound here, their errors read like every field's.
 */
import type { Student, TrusteeInput } from '@lc/contract';
import { Autocomplete, Checkbox, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { relationshipOptions } from '../family/format.ts';
import { CheckboxField, type FormOf, TextField, useFieldError } from '../forms/fields.tsx';

/** The contact form a section's fields are bound to. */
type Fields = { form: FormOf<TrusteeInput> };

/** "Who they are": first and last name, and the relationship (suggestions, any words allowed). */
export function WhoTheyAreFields({ form }: Fields) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h4">
        {t('family.contactForm.whoTheyAre')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextField
          form={form}
          name="firstName"
          label={t('family.contactForm.firstName')}
          autoComplete="off"
          required
        />
        <TextField
          form={form}
          name="lastName"
          label={t('family.contactForm.lastName')}
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <RelationshipField form={form} />
    </>
  );
}

/** The relationship: a text with suggestions ("Grandparent", "Neighbor"…), any words allowed. */
function RelationshipField({ form }: Fields) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'relationship' });
  const error = useFieldError(form, 'relationship');
  return (
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
      error={error}
    />
  );
}

/** "How to reach them": cell and home phone, email. */
export function ReachFields({ form }: Fields) {
  const { t } = useTranslation();
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
        <TextField
          form={form}
          name="cellPhone"
          label={t('family.contactForm.cellPhone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <TextField
          form={form}
          name="homePhone"
          label={t('family.contactForm.homePhone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
      </SimpleGrid>
      <TextField
        form={form}
        name="emailAddress"
        label={t('family.contactForm.email')}
        type="email"
        autoComplete="email"
      />
    </>
  );
}

/** "What they may do": pick up, texts, emails, and (editing) whether the contact is active. */
export function PermissionFields({ form, editing }: Fields & { editing: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h4" mt="sm">
        {t('family.contactForm.mayDo')}
      </Title>
      <CheckboxField
        form={form}
        name="canPickup"
        label={t('family.contactForm.canPickUp')}
        description={t('family.contactForm.canPickUpHint')}
      />
      <CheckboxField
        form={form}
        name="receiveSMS"
        label={t('family.contactForm.texts')}
        description={t('family.contactForm.textsHint')}
      />
      <CheckboxField
        form={form}
        name="receiveEmail"
        label={t('family.contactForm.emails')}
        description={t('family.contactForm.emailsHint')}
      />
      {editing ? (
        <CheckboxField
          form={form}
          name="isActive"
          label={t('family.contactForm.active')}
          description={t('family.contactForm.activeHint')}
        />
      ) : null}
    </>
  );
}

/** The children the contact is for: one checkbox each, at least one required (focus goes to the first). */
export function ChildrenField({ form, students }: Fields & { students: readonly Student[] }) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'studentIds' });
  const error = useFieldError(form, 'studentIds');
  return (
    <Checkbox.Group
      label={t('family.contactForm.children')}
      description={t('family.contactForm.childrenHint')}
      withAsterisk
      mt="sm"
      value={field.value ?? []}
      onChange={field.onChange}
      error={error}
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
  );
}
