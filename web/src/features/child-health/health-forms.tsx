/**
 * The forms of a child's health page (issue 26; decision 035): a dose, the physical exam's day, the profile
 * (physician, insurance, dietary needs, medications one per line) and a document upload. Each is the form kit's
 * (react-hook-form with the contract's schema, errors by the field and focus on the first); a save replaces the
 * page's record with the server's reply, so what is shown is what was stored.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChildHealth,
  HEALTH_DOCUMENT_KINDS,
  HealthProfileInputSchema,
  ImmunizationDoseInputSchema,
  VACCINES,
} from '@lc/contract';
import { Button, FileInput, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addDose, saveHealthProfile, savePhysical, uploadHealthDocument } from '../../api/child-health.ts';
import { healthKeys } from '../../api/query-keys.ts';
import { centerToday } from '../class-sessions/format.ts';
import { failureFields, failureMessage } from '../forms/feedback.ts';
import { NativeSelectField, TextareaField, TextField } from '../forms/fields.tsx';
import { notifySuccess } from '../forms/notify.ts';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';

/** After a save: the page's record becomes the reply, and the dashboard's card is read again. */
function useRecordSaved(studentId: string) {
  const queryClient = useQueryClient();
  return (record: ChildHealth) => {
    queryClient.setQueryData(healthKeys.child(studentId), record);
    void queryClient.invalidateQueries({ queryKey: healthKeys.summary() });
  };
}

export function DoseForm({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const saved = useRecordSaved(studentId);
  const form = useForm({
    resolver: zodResolver(ImmunizationDoseInputSchema),
    defaultValues: { vaccine: '' as never, givenOn: '' },
  });
  const submit = useSubmit(form, {
    action: (values) => addDose(studentId, values),
    fields: ['vaccine', 'givenOn'],
    success: t('health.doses.added'),
    onSuccess: (record) => {
      saved(record);
      form.reset({ vaccine: form.getValues('vaccine'), givenOn: '' });
    },
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelectField
            form={form}
            name="vaccine"
            label={t('health.doses.vaccine')}
            required
            data={[
              { value: '', label: '' },
              ...VACCINES.map((v) => ({ value: v, label: t(`health.vaccine.${v}`) })),
            ]}
          />
          <TextField
            form={form}
            name="givenOn"
            type="date"
            label={t('health.doses.givenOn')}
            required
            max={centerToday()}
          />
        </SimpleGrid>
        <FormFailure failure={submit.failure} />
        <Button type="submit" loading={submit.submitting} w="fit-content">
          {t('health.doses.add')}
        </Button>
      </Stack>
    </form>
  );
}

const PhysicalSchema = z.object({ examOn: z.string() });

export function PhysicalForm({ studentId, examOn }: { studentId: string; examOn: string | null }) {
  const { t } = useTranslation();
  const saved = useRecordSaved(studentId);
  const form = useForm({ resolver: zodResolver(PhysicalSchema), defaultValues: { examOn: examOn ?? '' } });
  const submit = useSubmit(form, {
    action: (values) => savePhysical(studentId, values.examOn || null),
    fields: ['examOn'],
    success: t('health.physical.saved'),
    onSuccess: saved,
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="sm">
        <TextField
          form={form}
          name="examOn"
          type="date"
          label={t('health.physical.examOn')}
          description={t('health.physical.hint')}
          max={centerToday()}
          maw={320}
        />
        <FormFailure failure={submit.failure} />
        <Button type="submit" loading={submit.submitting} w="fit-content">
          {t('health.physical.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** The profile as the form edits it: medications as lines of one text box. */
const ProfileFormSchema = HealthProfileInputSchema.omit({ medications: true }).extend({
  physicianPhone: z.string(),
  medications: z.string(),
});
type ProfileValues = z.input<typeof ProfileFormSchema>;

export function ProfileForm({ record }: { record: ChildHealth }) {
  const { t } = useTranslation();
  const saved = useRecordSaved(record.studentId);
  const p = record.profile;
  const form = useForm<ProfileValues>({
    resolver: zodResolver(ProfileFormSchema) as never,
    defaultValues: {
      physicianName: p.physicianName,
      physicianPhone: p.physicianPhone ?? '',
      insuranceCarrier: p.insuranceCarrier,
      insuranceMemberId: p.insuranceMemberId,
      dietaryNeeds: p.dietaryNeeds,
      medications: p.medications.join('\n'),
    },
  });
  const submit = useSubmit(form, {
    action: (values: ProfileValues) =>
      saveHealthProfile(record.studentId, {
        physicianName: values.physicianName ?? '',
        physicianPhone: values.physicianPhone || null,
        insuranceCarrier: values.insuranceCarrier ?? '',
        insuranceMemberId: values.insuranceMemberId ?? '',
        dietaryNeeds: values.dietaryNeeds ?? '',
        medications: (values.medications ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      }),
    fields: [
      'physicianName',
      'physicianPhone',
      'insuranceCarrier',
      'insuranceMemberId',
      'dietaryNeeds',
      'medications',
    ],
    success: t('health.profile.saved'),
    onSuccess: saved,
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField form={form} name="physicianName" label={t('health.profile.physicianName')} />
          <TextField
            form={form}
            name="physicianPhone"
            type="tel"
            autoComplete="off"
            label={t('health.profile.physicianPhone')}
          />
          <TextField form={form} name="insuranceCarrier" label={t('health.profile.insuranceCarrier')} />
          <TextField form={form} name="insuranceMemberId" label={t('health.profile.insuranceMemberId')} />
        </SimpleGrid>
        <TextareaField
          form={form}
          name="dietaryNeeds"
          label={t('health.profile.dietaryNeeds')}
          description={t('health.profile.dietaryHint')}
          autosize
          minRows={2}
        />
        <TextareaField
          form={form}
          name="medications"
          label={t('health.profile.medications')}
          description={t('health.profile.medicationsHint')}
          autosize
          minRows={2}
        />
        <FormFailure failure={submit.failure} />
        <Button type="submit" loading={submit.submitting} w="fit-content">
          {t('health.profile.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** Choose a file, its kind and (optionally) when it runs out; the server checks the bytes and the size. */
export function DocumentForm({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<string>('ImmunizationCertificate');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<{ file?: string; kind?: string; expiresOn?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLButtonElement>(null);
  const expiresRef = useRef<HTMLInputElement>(null);
  const send = async () => {
    setFailure(null);
    if (!file) {
      setErrors({ file: t('health.documents.chooseFile') });
      fileRef.current?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await uploadHealthDocument(studentId, file, kind as (typeof HEALTH_DOCUMENT_KINDS)[number], expiresOn);
      await queryClient.invalidateQueries({ queryKey: healthKeys.child(studentId) });
      await queryClient.invalidateQueries({ queryKey: healthKeys.summary() });
      notifySuccess(t('health.documents.uploaded'));
      setFile(null);
      setExpiresOn('');
    } catch (error) {
      const fields = failureFields(error);
      if (fields.file || fields.kind || fields.expiresOn) {
        setErrors(fields);
        if (fields.file) fileRef.current?.focus();
        else if (fields.expiresOn) expiresRef.current?.focus();
      } else setFailure(failureMessage(error, t('toast.offline')));
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('health.documents.kind')}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value)}
            error={errors.kind}
            data={HEALTH_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`health.kind.${k}`) }))}
          />
          <TextInput
            ref={expiresRef}
            type="date"
            label={t('health.documents.expiresOn')}
            description={t('health.documents.expiresHint')}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            error={errors.expiresOn}
          />
        </SimpleGrid>
        <FileInput
          ref={fileRef}
          label={t('health.documents.file')}
          accept="application/pdf,image/jpeg,image/png"
          value={file}
          onChange={setFile}
          error={errors.file}
          clearable
          required
        />
        <FormFailure failure={failure} />
        <Group>
          <Button type="submit" loading={sending}>
            {t('health.documents.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
