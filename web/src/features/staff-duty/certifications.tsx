import { zodResolver } from '@hookform/resolvers/zod';
import {
  CERTIFICATION_DOCUMENT_MAX_BYTES,
  CERTIFICATION_KINDS,
  type Certification,
  type CertificationInput,
  CertificationInputSchema,
  type CertificationKind,
  certificationState,
} from '@lc/contract';
import { Anchor, Badge, Button, FileInput, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  addCertification,
  dutyKeys,
  getCertifications,
  removeCertification,
  uploadCertificationDocument,
} from '../../api/staff-duty';
import { failureMessage } from '../forms/feedback';
import { NativeSelectField, TextField, useFieldError } from '../forms/fields';
import { notifyError, notifySuccess } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** How each kind of certification is named on the staff's screens. */
export const CERTIFICATION_NAMES: Record<CertificationKind, string> = {
  Cpr: 'CPR',
  PediatricFirstAid: 'Pediatric first aid',
  BackgroundCheck: 'Background check',
  TbTest: 'TB test',
  MandatedReporter: 'Mandated reporter training',
  TrainingHours: 'Training hours',
};

const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const FILE_MESSAGE = 'Choose a PDF, JPEG or PNG file of at most 10 MB.';
const longDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayText = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

/** A certification's state as a badge: current, expiring within 30 days (with the days left), or expired. */
export function CertificationState({ cert }: { cert: Certification }) {
  const state = certificationState(cert.daysLeft);
  if (state === 'expired')
    return (
      <Badge variant="filled" color="red.8" radius="sm" tt="none">
        Expired
      </Badge>
    );
  if (state === 'expiring')
    return (
      <Badge variant="filled" color="oak.8" radius="sm" tt="none">
        {cert.daysLeft === 0
          ? 'Expires today'
          : `Expires in ${cert.daysLeft} day${cert.daysLeft === 1 ? '' : 's'}`}
      </Badge>
    );
  return (
    <Badge variant="filled" color="gray.7" radius="sm" tt="none">
      Current
    </Badge>
  );
}

/**
 * A staff member's certifications (issue 26, decisions 038 and 041): kind (with hours for training hours),
 * issued and expiry days, state, and the certificate's scan through its signed link. With `canEdit` (the
 * director) a certification is added from a dialog (with an optional scan) and removed after a confirmation;
 * a teacher reads their own.
 */
export function CertificationList({
  userId,
  name,
  canEdit,
}: {
  userId: string;
  name: string;
  canEdit: boolean;
}) {
  const list = useQuery({
    queryKey: dutyKeys.certifications(userId),
    queryFn: ({ signal }) => getCertifications(userId, signal),
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Certification | null>(null);
  const columns: ReadonlyArray<StaffColumn<Certification>> = [
    {
      id: 'kind',
      header: 'Certification',
      cell: (c) =>
        c.kind === 'TrainingHours'
          ? `${CERTIFICATION_NAMES[c.kind]} (${c.hours} h)`
          : CERTIFICATION_NAMES[c.kind],
    },
    { id: 'issued', header: 'Issued', nowrap: true, cell: (c) => dayText(c.issuedOn) },
    {
      id: 'expires',
      header: 'Expires',
      nowrap: true,
      cell: (c) => (c.expiresOn ? dayText(c.expiresOn) : 'Does not expire'),
    },
    { id: 'state', header: 'State', cell: (c) => <CertificationState cert={c} /> },
    {
      id: 'document',
      header: 'Certificate',
      cell: (c) =>
        c.document ? (
          <Anchor href={c.document.url} target="_blank" rel="noopener" size="sm">
            Open {c.document.fileName}
            <VisuallyHidden>
              {' '}
              ({canEdit ? `${CERTIFICATION_NAMES[c.kind]} of ${name}` : CERTIFICATION_NAMES[c.kind]})
            </VisuallyHidden>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="xs">
      {list.isPending ? <Text role="status">Loading the certifications…</Text> : null}
      {list.isError ? (
        <Text c="red.8" role="alert">
          The certifications could not be loaded. Please try again.
        </Text>
      ) : null}
      {list.data ? (
        <StaffTable
          label={canEdit ? `Certifications of ${name}` : 'My certifications table'}
          rows={list.data.certifications}
          rowId={(c) => c.id}
          columns={columns}
          empty={
            <Text>
              {canEdit
                ? `No certifications for ${name} yet.`
                : 'No certifications on your profile yet. The director adds them.'}
            </Text>
          }
          actions={
            canEdit
              ? (c) => (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setRemoving(c)}
                    aria-label={`Remove ${name}’s ${CERTIFICATION_NAMES[c.kind]}`}
                  >
                    Remove
                  </Button>
                )
              : undefined
          }
          actionsLabel="Remove"
          minWidth={640}
        />
      ) : null}
      {canEdit ? (
        <Group>
          <Button
            variant="default"
            onClick={() => setAdding(true)}
            aria-label={`Add a certification for ${name}`}
          >
            Add a certification
          </Button>
        </Group>
      ) : null}
      {adding ? (
        <AddCertificationDialog userId={userId} name={name} onClose={() => setAdding(false)} />
      ) : null}
      {removing ? (
        <RemoveCertificationDialog cert={removing} name={name} onClose={() => setRemoving(null)} />
      ) : null}
    </Stack>
  );
}

type CertForm = {
  kind: string;
  hours: string;
  issuedOn: string;
  expiresOn: string;
  file: File | null;
};

/** The add form: the contract's rules, with the hours typed as text and an optional scan checked here first. */
const CertFormSchema = z
  .object({
    kind: z.string(),
    hours: z.string(),
    issuedOn: z.string(),
    expiresOn: z.string(),
    file: z.custom<File | null>(),
  })
  .transform((v, ctx) => {
    const parsed = CertificationInputSchema.safeParse({
      kind: v.kind || undefined,
      hours: v.hours.trim() === '' ? null : Number(v.hours),
      issuedOn: v.issuedOn,
      expiresOn: v.expiresOn,
    });
    const badFile =
      v.file && (!FILE_TYPES.includes(v.file.type) || v.file.size > CERTIFICATION_DOCUMENT_MAX_BYTES);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    if (badFile) ctx.addIssue({ code: 'custom', path: ['file'], message: FILE_MESSAGE });
    if (!parsed.success || badFile) return z.NEVER;
    return { input: parsed.data as CertificationInput, file: v.file };
  });

/**
 * Add a certification to `userId`'s profile: kind, hours (training hours only), issued and expiry days, and an
 * optional scan (PDF, JPEG or PNG, at most 10 MB). The certification is saved first, then the scan; a scan the
 * server refuses leaves the certification saved and says so.
 */
export function AddCertificationDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const form = useForm<CertForm, unknown, z.output<typeof CertFormSchema>>({
    resolver: zodResolver(CertFormSchema),
    defaultValues: { kind: '', hours: '', issuedOn: '', expiresOn: '', file: null },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const fileError = useFieldError(form, 'file');
  const submit = useSubmit(form, {
    action: async ({ input, file }) => {
      const saved = await addCertification(userId, input);
      if (!file) return { saved, uploaded: false };
      try {
        await uploadCertificationDocument(saved.id, file);
        return { saved, uploaded: true };
      } catch (error) {
        notifyError(
          `${CERTIFICATION_NAMES[saved.kind]} is saved, but the certificate was not: ${failureMessage(error, FILE_MESSAGE)}`,
        );
        return { saved, uploaded: false };
      }
    },
    fields: ['kind', 'hours', 'issuedOn', 'expiresOn', 'file'],
    success: ({ saved, uploaded }) =>
      `${CERTIFICATION_NAMES[saved.kind]} is added to ${name}’s profile${uploaded ? ' with its certificate' : ''}.`,
    invalidate: [dutyKeys.certifications(userId), dutyKeys.expiring()],
    onSuccess: onClose,
  });
  return (
    <StaffDialog opened onClose={onClose} title={`Add a certification for ${name}`}>
      <form onSubmit={submit.onSubmit} noValidate aria-label="Add a certification">
        <Stack gap="md">
          <NativeSelectField
            form={form}
            name="kind"
            label="Certification"
            required
            data={[
              { value: '', label: 'Choose one' },
              ...CERTIFICATION_KINDS.map((k) => ({ value: k, label: CERTIFICATION_NAMES[k] })),
            ]}
          />
          {kind === 'TrainingHours' ? (
            <TextField form={form} name="hours" label="Hours" inputMode="numeric" required />
          ) : null}
          <TextField form={form} name="issuedOn" type="date" label="Issued" required />
          <TextField
            form={form}
            name="expiresOn"
            type="date"
            label="Expires"
            required={kind !== 'TrainingHours'}
            description={kind === 'TrainingHours' ? 'Training hours need no expiry date.' : undefined}
          />
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <FileInput
                ref={field.ref}
                name={field.name}
                label="Certificate (optional)"
                description="A scan or photo: PDF, JPEG or PNG, at most 10 MB."
                accept={FILE_TYPES.join(',')}
                clearable
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fileError}
              />
            )}
          />
          <DialogActions
            failure={submit.failure}
            onCancel={onClose}
            submit="Add certification"
            submitting={submit.submitting}
          />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/** Confirm removing `cert` from `name`'s profile (its certificate goes with it). */
export function RemoveCertificationDialog({
  cert,
  name,
  onClose,
}: {
  cert: Certification;
  name: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeCertification(cert.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dutyKeys.all });
      notifySuccess(`${CERTIFICATION_NAMES[cert.kind]} is removed from ${name}’s profile.`);
      onClose();
    },
  });
  const what = CERTIFICATION_NAMES[cert.kind];
  return (
    <StaffDialog opened onClose={onClose} title={`Remove ${name}’s ${what}?`}>
      <Stack gap="md">
        <Text>
          {what}
          {cert.expiresOn ? `, expiring ${dayText(cert.expiresOn)},` : ''} will no longer be on {name}’s
          profile
          {cert.document ? ', and its certificate will be deleted' : ''}. The audit trail keeps a note of it.
        </Text>
        <DialogActions
          failure={
            remove.isError
              ? failureMessage(remove.error, 'The certification could not be removed. Please try again.')
              : null
          }
          onCancel={onClose}
          submit="Remove"
          danger
          submitting={remove.isPending}
          onSubmit={() => remove.mutate()}
        />
      </Stack>
    </StaffDialog>
  );
}
