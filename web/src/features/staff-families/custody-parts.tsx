/**
 * The staff child page's custody and correction parts (issue 24, "Records staff can keep"; decision 026):
 * the people the child may not be released to (every staff member who sees the child reads them; the
 * director adds and lifts them and keeps the court order), and the director's corrections of the child's
 * details and of an emergency contact, each with the reason the family is told by email.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ChildCorrection,
  ChildCorrectionSchema,
  COURT_ORDER_TYPES,
  type ContactCorrection,
  ContactCorrectionSchema,
  type CourtOrderUpload,
  type FamilyContact,
  fieldMessage,
  MAX_COURT_ORDER_BYTES,
  type Restriction,
  type RestrictionInput,
  RestrictionInputSchema,
  type StaffChild,
} from '@lc/contract';
import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, type UseFormReturn, useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import {
  addRestriction,
  correctChild,
  correctContact,
  downloadRestrictionDocument,
  removeRestriction,
} from '../../api/staff-families';
import { saveFile } from '../../lib/save-file';
import { failureMessage } from '../forms/feedback';
import { CheckboxField, MultiSelectField, TextareaField, TextField, useFieldError } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/**
 * "Do not release to": each person in a calm red panel with who they are and the staff note. The director
 * also gets the court order (a file to save), "Lift" and "Add a person".
 */
export function RestrictionsSection({
  studentId,
  firstName,
  restrictions,
  isDirector,
}: {
  studentId: string;
  firstName: string;
  restrictions: Restriction[];
  isDirector: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [lifting, setLifting] = useState<Restriction | null>(null);
  const save = async (r: Restriction) => {
    try {
      const { blob, fileName } = await downloadRestrictionDocument(studentId, r.id);
      saveFile(blob, fileName);
    } catch {
      notifyError('We could not open the court order. Please try again.');
    }
  };
  return (
    <Stack gap="sm">
      {restrictions.length === 0 ? (
        <Text>No one is restricted from collecting {firstName}.</Text>
      ) : (
        restrictions.map((r) => (
          <Alert
            key={r.id}
            color="red"
            variant="outline"
            title={`Do not release ${firstName} to ${r.fullName}`}
          >
            <Stack gap="xs">
              {r.description ? <Text size="sm">{r.description}</Text> : null}
              {r.note ? <Text size="sm">{r.note}</Text> : null}
              <Text size="sm">
                The door kiosk refuses {r.fullName} and alerts the office. If they arrive, keep {firstName} in
                the room and call the director.
              </Text>
              {isDirector ? (
                <Group gap="sm">
                  {r.documentName ? (
                    <Button variant="default" size="xs" onClick={() => save(r)}>
                      Save the court order ({r.documentName})
                    </Button>
                  ) : null}
                  <Button variant="default" size="xs" onClick={() => setLifting(r)}>
                    Lift this restriction
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ))
      )}
      {isDirector ? (
        <Group>
          <Button variant="default" onClick={() => setAdding(true)}>
            Add a person not to release to
          </Button>
        </Group>
      ) : null}
      {isDirector ? (
        <>
          <AddRestrictionDialog
            studentId={studentId}
            firstName={firstName}
            opened={adding}
            onClose={() => setAdding(false)}
          />
          <LiftRestrictionDialog
            studentId={studentId}
            restriction={lifting}
            onClose={() => setLifting(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}

type RestrictionForm = {
  fullName: string;
  description: string;
  note: string;
  document: CourtOrderUpload | null;
};

/** A file's bytes in base64 (for the JSON body). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The court-order picker: a PDF, JPEG or PNG of at most 5 MB, read into the form as base64. */
function CourtOrderField({ form }: { form: UseFormReturn<RestrictionForm, unknown, RestrictionInput> }) {
  const { field } = useController({ control: form.control, name: 'document' });
  const error = useFieldError(form, 'document');
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileInput
      ref={field.ref}
      label="Court order (optional)"
      description="A PDF or a photo of the paper, at most 5 MB. Only the director can open it."
      accept={COURT_ORDER_TYPES.join(',')}
      clearable
      value={file}
      error={error}
      onChange={async (chosen) => {
        setFile(chosen);
        if (!chosen) return field.onChange(null);
        if (
          !(COURT_ORDER_TYPES as readonly string[]).includes(chosen.type) ||
          chosen.size > MAX_COURT_ORDER_BYTES
        ) {
          field.onChange(null);
          form.setError('document', { message: fieldMessage('fields.custody.documentKind') });
          return;
        }
        field.onChange({
          fileName: chosen.name,
          mimeType: chosen.type as CourtOrderUpload['mimeType'],
          data: await base64Of(chosen),
        });
      }}
    />
  );
}

/** The director adds a person the child may not be released to. */
function AddRestrictionDialog({
  studentId,
  firstName,
  opened,
  onClose,
}: {
  studentId: string;
  firstName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useForm<RestrictionForm, unknown, RestrictionInput>({
    resolver: zodResolver(RestrictionInputSchema) as unknown as Resolver<
      RestrictionForm,
      unknown,
      RestrictionInput
    >,
    defaultValues: { fullName: '', description: '', note: '', document: null },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values) => addRestriction(studentId, values),
    fields: ['fullName', 'description', 'note', 'document'],
    success: (r) => `${firstName} will not be released to ${r.fullName}.`,
    invalidate: [staffKeys.all],
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <StaffDialog opened={opened} onClose={onClose} size="lg" title={`Do not release ${firstName} to…`}>
      <form onSubmit={onSubmit} noValidate aria-label={`Do not release ${firstName} to`}>
        <Stack gap="md">
          <TextField
            form={form}
            name="fullName"
            label="Full name"
            description="First and last name, as the door will read it from a pass or a pickup."
            required
          />
          <TextField
            form={form}
            name="description"
            label="Who they are to the child (optional)"
            description="Like “Father” or “Former babysitter”."
          />
          <TextareaField
            form={form}
            name="note"
            label="Note for the staff (optional)"
            description="What to do if they arrive. Teachers of the child read it; the family never does."
            autosize
            minRows={2}
          />
          <CourtOrderField form={form} />
          <FormFailure failure={failure} />
          <DialogActions onCancel={onClose} submit="Add the restriction" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/** The director lifts a restriction (its court order is deleted with it). */
function LiftRestrictionDialog({
  studentId,
  restriction,
  onClose,
}: {
  studentId: string;
  restriction: Restriction | null;
  onClose: () => void;
}) {
  const form = useForm();
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: () => removeRestriction(studentId, restriction!.id),
    fields: [],
    success: 'The restriction is lifted.',
    invalidate: [staffKeys.all],
    onSuccess: onClose,
    alert: (error) => failureMessage(error, 'We could not lift it. Please try again.'),
  });
  return (
    <StaffDialog opened={restriction !== null} onClose={onClose} title="Lift this restriction?">
      <form onSubmit={onSubmit}>
        <Stack>
          <Text size="sm">
            The door will no longer refuse {restriction?.fullName}, and the court order kept with it is
            deleted.
          </Text>
          <FormFailure failure={failure} />
          <DialogActions onCancel={onClose} submit="Lift it" danger submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}

type ChildForm = {
  details: {
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    zipCode: string;
  };
  allergiesText: string;
  reason: string;
};

/** The form's values as the API's body: the allergies one per line (or comma), then the contract's rules. */
const childResolver = zodResolver(
  z.preprocess((value) => {
    const v = value as ChildForm;
    return {
      details: v.details,
      allergies: v.allergiesText
        .split(/[\n,]/)
        .map((a) => a.trim())
        .filter(Boolean),
      reason: v.reason,
    };
  }, ChildCorrectionSchema) as unknown as z.ZodType<ChildCorrection, ChildForm>,
) as unknown as Resolver<ChildForm, unknown, ChildCorrection>;

/** The director corrects the child's details and allergies, with the reason the family reads. */
export function CorrectChildDialog({
  record,
  opened,
  onClose,
}: {
  record: StaffChild;
  opened: boolean;
  onClose: () => void;
}) {
  const { child, correction } = record;
  const form = useForm<ChildForm, unknown, ChildCorrection>({
    resolver: childResolver,
    defaultValues: {
      details: {
        firstName: child.firstName,
        lastName: child.lastName,
        dateOfBirth: child.dateOfBirth,
        address1: correction?.address1 ?? '',
        address2: correction?.address2 ?? '',
        city: correction?.city ?? '',
        state: correction?.state ?? '',
        zipCode: correction?.zipCode ?? '',
      },
      allergiesText: child.allergies.join('\n'),
      reason: '',
    },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values) => correctChild(child.studentId, values),
    fields: [
      'details.firstName',
      'details.lastName',
      'details.dateOfBirth',
      'details.address1',
      'details.city',
      'details.state',
      'details.zipCode',
      'allergiesText',
      'reason',
    ],
    success: 'Saved. The family is emailed what changed and why.',
    invalidate: [staffKeys.all],
    onSuccess: () => {
      form.reset(form.getValues());
      form.setValue('reason', '');
      onClose();
    },
  });
  return (
    <StaffDialog opened={opened} onClose={onClose} size="lg" title={`Correct ${child.firstName}’s details`}>
      <form onSubmit={onSubmit} noValidate aria-label={`Correct ${child.firstName}’s details`}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField form={form} name="details.firstName" label="First name" required />
            <TextField form={form} name="details.lastName" label="Last name" required />
          </SimpleGrid>
          <TextField form={form} name="details.dateOfBirth" type="date" label="Date of birth" required />
          <TextField form={form} name="details.address1" label="Street address" />
          <TextField form={form} name="details.address2" label="Apartment, unit (optional)" />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextField form={form} name="details.city" label="City" />
            <TextField form={form} name="details.state" label="State" description="Two letters, like CA." />
            <TextField form={form} name="details.zipCode" label="ZIP code" />
          </SimpleGrid>
          <TextareaField
            form={form}
            name="allergiesText"
            label="Allergies and medical notes"
            description="One per line, like “Peanuts”."
            autosize
            minRows={2}
          />
          <TextareaField
            form={form}
            name="reason"
            label="Reason for the change"
            description="The family reads it in the email we send them."
            required
            autosize
            minRows={2}
          />
          <FormFailure failure={failure} />
          <DialogActions onCancel={onClose} submit="Save and tell the family" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/** The director corrects one emergency contact (who may pick up included), with the reason. */
export function CorrectContactDialog({
  record,
  contact,
  onClose,
}: {
  record: StaffChild;
  contact: FamilyContact | null;
  onClose: () => void;
}) {
  return (
    <StaffDialog
      opened={contact !== null}
      onClose={onClose}
      size="lg"
      title={contact ? `Correct ${contact.firstName} ${contact.lastName}` : 'Correct a contact'}
    >
      {contact ? <ContactForm key={contact.id} record={record} contact={contact} onClose={onClose} /> : null}
    </StaffDialog>
  );
}

function ContactForm({
  record,
  contact,
  onClose,
}: {
  record: StaffChild;
  contact: FamilyContact;
  onClose: () => void;
}) {
  const links = record.correction?.contacts.find((c) => c.id === contact.id);
  const form = useForm<ContactCorrection, unknown, z.output<typeof ContactCorrectionSchema>>({
    resolver: zodResolver(ContactCorrectionSchema),
    defaultValues: {
      contact: {
        firstName: contact.firstName,
        lastName: contact.lastName,
        relationship: contact.relationship,
        cellPhone: contact.cellPhone ?? '',
        homePhone: contact.homePhone ?? '',
        emailAddress: contact.emailAddress ?? '',
        canPickup: contact.canPickup,
        receiveSMS: links?.receiveSMS ?? false,
        receiveEmail: links?.receiveEmail ?? false,
        isActive: true,
        studentIds: links?.studentIds ?? [record.child.studentId],
      },
      reason: '',
    },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values) => correctContact(record.child.studentId, contact.id, values),
    fields: [
      'contact.firstName',
      'contact.lastName',
      'contact.relationship',
      'contact.cellPhone',
      'contact.homePhone',
      'contact.emailAddress',
      'contact.studentIds',
      'reason',
    ],
    success: 'Saved. The family is emailed what changed and why.',
    invalidate: [staffKeys.all],
    onSuccess: onClose,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Correct ${contact.firstName} ${contact.lastName}`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextField form={form} name="contact.firstName" label="First name" required />
          <TextField form={form} name="contact.lastName" label="Last name" required />
        </SimpleGrid>
        <TextField form={form} name="contact.relationship" label="Relationship" required />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextField form={form} name="contact.cellPhone" type="tel" label="Cell phone" />
          <TextField form={form} name="contact.homePhone" type="tel" label="Home phone" />
        </SimpleGrid>
        <TextField form={form} name="contact.emailAddress" type="email" label="Email (optional)" />
        <CheckboxField form={form} name="contact.canPickup" label="May pick up the children chosen below" />
        <MultiSelectField
          form={form}
          name="contact.studentIds"
          label="Contact for"
          data={(record.correction?.familyChildren ?? []).map((c) => ({
            value: c.studentId,
            label: `${c.firstName} ${c.lastName}`,
          }))}
          required
        />
        <TextareaField
          form={form}
          name="reason"
          label="Reason for the change"
          description="The family reads it in the email we send them."
          required
          autosize
          minRows={2}
        />
        <FormFailure failure={failure} />
        <DialogActions onCancel={onClose} submit="Save and tell the family" submitting={submitting} />
      </Stack>
    </form>
  );
}
