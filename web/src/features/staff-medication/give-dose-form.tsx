/**
 * The teacher's "Give medicine" form (issue 26; decision 040), phone first: the child (one of the session's),
 * then what the child's parent authorized (the answers they filled in on the signed medication authorization,
 * and the medicines on the health record) or, when there is no signed current authorization, the sentence
 * saying so; the medicine, the dose, when (the center's clock, now by default) and a note for the family.
 * A client key made once per dose makes a double tap log one dose. The server's refusal lands by the child.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type MedicationChild, MedicationDoseInputSchema, type StaffMedicationDose } from '@lc/contract';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { giveDose } from '../../api/medication.ts';
import { medicationKeys } from '../../api/query-keys.ts';
import { NativeSelectField, TextareaField, TextField } from '../forms/fields.tsx';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';
import { wallClockOf } from '../incidents/format.ts';
import { signedDay } from '../medication/format.ts';

const FormSchema = MedicationDoseInputSchema.pick({
  studentId: true,
  medication: true,
  dose: true,
  givenAt: true,
  note: true,
});
type Values = z.input<typeof FormSchema>;
type Output = z.output<typeof FormSchema>;

export function GiveDoseForm({
  classSessionId,
  roster,
  nowWall,
  childId,
  onGiven,
}: {
  classSessionId: number;
  roster: MedicationChild[];
  /** The center's wall clock now ("2026-11-20T10:15"), the time's default. */
  nowWall: string;
  /** The child chosen from the day's page (`?child=`), if any. */
  childId: string | null;
  onGiven?: (dose: StaffMedicationDose) => void;
}) {
  const { t } = useTranslation();
  const clientKey = useRef(crypto.randomUUID());
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      studentId: roster.some((c) => c.studentId === childId) ? (childId ?? '') : '',
      medication: '',
      dose: '',
      givenAt: nowWall,
      note: '',
    },
  });
  const studentId = useWatch({ control: form.control, name: 'studentId' });
  const child = roster.find((c) => c.studentId === studentId) ?? null;
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values: Output) => giveDose({ ...values, classSessionId, clientKey: clientKey.current }),
    fields: ['studentId', 'medication', 'dose', 'givenAt', 'note'],
    invalidate: [medicationKeys.sessionAll(classSessionId)],
    success: () => t('medication.staff.given', { name: child?.firstName ?? '' }),
    onSuccess: (dose) => {
      // The next dose is a new one: a new key, the same child, the time now (the center's clock).
      clientKey.current = crypto.randomUUID();
      form.reset({
        studentId: form.getValues('studentId'),
        medication: '',
        dose: '',
        givenAt: wallClockOf(new Date()),
        note: '',
      });
      onGiven?.(dose);
    },
  });
  const answer = (value: string | boolean) =>
    value === true ? t('portal.forms.yes') : value === false ? t('portal.forms.no') : value;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="give-heading">
      <Stack gap="md">
        <NativeSelectField
          form={form}
          name="studentId"
          label={t('medication.staff.child')}
          data={[
            { value: '', label: t('medication.staff.chooseChild') },
            ...roster.map((c) => ({ value: c.studentId, label: `${c.firstName} ${c.lastName}` })),
          ]}
          required
        />
        {child?.refusal ? (
          <Alert color="red" variant="outline" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
            {child.refusal}
          </Alert>
        ) : null}
        {child?.authorization ? (
          <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="authorized-heading">
            <Title order={3} size="h5" id="authorized-heading">
              {t('medication.staff.authorizedHeading', { name: child.firstName })}
            </Title>
            {child.authorization.answers.length === 0 ? (
              <Text size="sm">{t('medication.staff.noAnswers')}</Text>
            ) : (
              <List size="sm" spacing={2} mt={4}>
                {child.authorization.answers.map((a) => (
                  <List.Item key={a.label}>
                    <Text span fw={600} size="sm">
                      {a.label}:
                    </Text>{' '}
                    {answer(a.answer)}
                  </List.Item>
                ))}
              </List>
            )}
            {child.healthMedications.length > 0 ? (
              <Text size="sm" mt={4}>
                {t('medication.staff.healthMedications', {
                  name: child.firstName,
                  list: child.healthMedications.join('; '),
                })}
              </Text>
            ) : null}
            <Text size="sm" mt={4}>
              {t('medication.staff.signedBy', {
                signer: child.authorization.signedBy,
                date: signedDay(child.authorization.signedAt),
                title: child.authorization.title,
                version: child.authorization.version,
              })}
            </Text>
          </Card>
        ) : null}
        <TextField
          form={form}
          name="medication"
          label={t('medication.staff.medication')}
          description={t('medication.staff.medicationHint')}
          required
        />
        <TextField
          form={form}
          name="dose"
          label={t('medication.staff.dose')}
          description={t('medication.staff.doseHint')}
          required
        />
        <TextField
          form={form}
          name="givenAt"
          type="datetime-local"
          label={t('medication.staff.givenAt')}
          description={t('medication.staff.givenAtHint')}
          required
        />
        <TextareaField form={form} name="note" label={t('medication.staff.note')} autosize minRows={2} />
        <FormFailure failure={failure} />
        <Button type="submit" loading={submitting} size="md" w="fit-content">
          {t('medication.staff.submit')}
        </Button>
      </Stack>
    </form>
  );
}
