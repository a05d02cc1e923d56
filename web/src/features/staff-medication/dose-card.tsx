/**
 * One entry of a session's medication log for the staff (issue 26; decision 040): the medicine and dose, the
 * child, when and by whom, the authorization it was given under, and what became of it (corrected, replaced
 * by a correction, voided). The one who gave it, or the director, corrects it (the whole dose again with a
 * reason; the original is kept) or voids it (a reason); both tell the family.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { MedicationCorrectionSchema, MedicationVoidSchema, type StaffMedicationDose } from '@lc/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { correctDose, voidDose } from '../../api/medication.ts';
import { medicationKeys } from '../../api/query-keys.ts';
import { TextareaField, TextField } from '../forms/fields.tsx';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';
import { doseWhen, signedDay } from '../medication/format.ts';

type Mode = 'view' | 'correct' | 'void';

export function DoseCard({ dose }: { dose: StaffMedicationDose }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('view');
  const label = `${dose.medication}, ${dose.dose}`;
  return (
    <Card withBorder padding="sm" radius="md" component="li" aria-label={`${dose.childName}: ${label}`}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} td={dose.supersededAt || dose.voidedAt ? 'line-through' : undefined}>
            {label}
          </Text>
          {dose.supersededAt ? (
            <Badge color="gray.7" variant="filled" tt="none">
              {t('medication.staff.superseded')}
            </Badge>
          ) : null}
          {dose.voidedAt ? (
            <Badge color="red.8" variant="filled" tt="none">
              {t('medication.staff.voided')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {t('medication.staff.entryFacts', {
            child: dose.childName,
            when: doseWhen(dose.givenAt),
            giver: dose.givenBy,
          })}
        </Text>
        {dose.note ? <Text size="sm">{dose.note}</Text> : null}
        {dose.reason ? (
          <Text size="sm">{t('medication.staff.correctedFrom', { reason: dose.reason })}</Text>
        ) : null}
        {dose.voidReason ? (
          <Text size="sm">{t('medication.staff.voidedBecause', { reason: dose.voidReason })}</Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('medication.staff.entryAuthorization', {
            title: dose.authorization.title,
            version: dose.authorization.version,
            signer: dose.authorization.signedBy,
            date: signedDay(dose.authorization.signedAt),
          })}
        </Text>
        {dose.correctable && mode === 'view' ? (
          <Group gap="xs" mt={4}>
            <Button variant="default" size="xs" onClick={() => setMode('correct')}>
              {t('medication.staff.correct')}
            </Button>
            <Button variant="default" size="xs" onClick={() => setMode('void')}>
              {t('medication.staff.void')}
            </Button>
          </Group>
        ) : null}
        {mode === 'correct' ? <CorrectForm dose={dose} onDone={() => setMode('view')} /> : null}
        {mode === 'void' ? <VoidForm dose={dose} onDone={() => setMode('view')} /> : null}
      </Stack>
    </Card>
  );
}

type CorrectionValues = z.input<typeof MedicationCorrectionSchema>;
type Correction = z.output<typeof MedicationCorrectionSchema>;

function CorrectForm({ dose, onDone }: { dose: StaffMedicationDose; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<CorrectionValues, unknown, Correction>({
    resolver: zodResolver(MedicationCorrectionSchema),
    defaultValues: {
      medication: dose.medication,
      dose: dose.dose,
      givenAt: dose.givenAtWall,
      note: dose.note,
      reason: '',
    },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values: Correction) => correctDose(dose.id, values),
    fields: ['medication', 'dose', 'givenAt', 'note', 'reason'],
    invalidate: [medicationKeys.sessionAll(dose.classSessionId)],
    success: t('medication.staff.corrected'),
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('medication.staff.saveCorrection')}>
      <Stack gap="xs" mt="xs">
        <TextField form={form} name="medication" label={t('medication.staff.medication')} required />
        <TextField form={form} name="dose" label={t('medication.staff.dose')} required />
        <TextField
          form={form}
          name="givenAt"
          type="datetime-local"
          label={t('medication.staff.givenAt')}
          required
        />
        <TextareaField form={form} name="note" label={t('medication.staff.note')} autosize minRows={1} />
        <TextField
          form={form}
          name="reason"
          label={t('medication.staff.reason')}
          description={t('medication.staff.reasonHint')}
          required
        />
        <FormFailure failure={failure} />
        <Group gap="xs">
          <Button type="submit" loading={submitting}>
            {t('medication.staff.saveCorrection')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('medication.staff.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type VoidValues = z.input<typeof MedicationVoidSchema>;
type Void = z.output<typeof MedicationVoidSchema>;

function VoidForm({ dose, onDone }: { dose: StaffMedicationDose; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<VoidValues, unknown, Void>({
    resolver: zodResolver(MedicationVoidSchema),
    defaultValues: { reason: '' },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values: Void) => voidDose(dose.id, values),
    fields: ['reason'],
    invalidate: [medicationKeys.sessionAll(dose.classSessionId)],
    success: t('medication.staff.voidDone'),
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('medication.staff.confirmVoid')}>
      <Stack gap="xs" mt="xs">
        <TextField
          form={form}
          name="reason"
          label={t('medication.staff.reason')}
          description={t('medication.staff.reasonHint')}
          required
        />
        <FormFailure failure={failure} />
        <Group gap="xs">
          <Button type="submit" color="red.8" loading={submitting}>
            {t('medication.staff.confirmVoid')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('medication.staff.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
