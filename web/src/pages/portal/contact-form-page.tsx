import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
  RELATIONSHIPS,
  routes,
  type Student,
  type Trustee,
  type TrusteeInput,
  TrusteeInputSchema,
  type TrusteeValues,
} from '@lc/contract';
import {
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { createTrustee, deleteTrustee, getStudents, getTrustee, updateTrustee } from '../../api/family.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { PassPanel } from '../../features/passes/pass-panel.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

/** The order the fields appear in, so the first server error placed is the first one on screen. */
const FIELD_ORDER = [
  'firstName',
  'lastName',
  'relationship',
  'cellPhone',
  'homePhone',
  'emailAddress',
  'canPickup',
  'receiveSMS',
  'receiveEmail',
  'isActive',
  'studentIds',
] as const;

const RELATIONSHIP_OPTIONS = [...RELATIONSHIPS];

function emptyInput(students: readonly Student[]): TrusteeInput {
  return {
    firstName: '',
    lastName: '',
    relationship: '',
    cellPhone: '',
    homePhone: '',
    emailAddress: '',
    canPickup: false,
    receiveSMS: false,
    receiveEmail: false,
    isActive: true,
    // With one child there is nothing to choose; with more, the parent says which.
    studentIds: students.length === 1 && students[0] ? [students[0].id] : [],
  };
}

/** A saved contact as the form edits it: phones as people read them, nothing left null. */
function toInput(trustee: Trustee, students: readonly Student[]): TrusteeInput {
  return {
    firstName: trustee.firstName,
    lastName: trustee.lastName,
    relationship: trustee.relationship,
    cellPhone: trustee.cellPhone ? formatPhone(trustee.cellPhone) : '',
    homePhone: trustee.homePhone ? formatPhone(trustee.homePhone) : '',
    emailAddress: trustee.emailAddress ?? '',
    canPickup: trustee.canPickup,
    receiveSMS: trustee.receiveSMS,
    receiveEmail: trustee.receiveEmail,
    isActive: trustee.isActive,
    studentIds: trustee.studentIds.filter((id) => students.some((student) => student.id === id)),
  };
}

function BackLink() {
  return (
    <Anchor component={Link} to={routes.emergencyContacts} size="sm">
      ← All emergency contacts
    </Anchor>
  );
}

/**
 * /dashboard/emergency-contacts/new and /dashboard/emergency-contacts/:trusteeId (spec §2; issue 4):
 * add an emergency contact for some of the family's children, or edit or delete one. An existing contact's
 * page also carries their pickup pass (issue 11).
 */
export default function ContactFormPage() {
  const { trusteeId } = useParams();
  const isEdit = trusteeId !== undefined;
  const title = isEdit ? 'Edit emergency contact' : 'Add an emergency contact';
  usePageTitle(title);
  const loaded = useLoad(`emergency-contact:${trusteeId ?? 'new'}`, async (signal) => {
    const [students, trustee] = await Promise.all([
      getStudents(signal),
      trusteeId === undefined ? Promise.resolve(null) : getTrustee(trusteeId, signal),
    ]);
    return { students, trustee };
  });

  if (loaded.status === 'error' && isNotFound(loaded.error)) {
    return (
      <RecordNotFound
        title="We couldn’t find that contact"
        backTo={routes.emergencyContacts}
        backLabel="Back to emergency contacts"
      >
        They may have been deleted, or the link is out of date. Your other contacts are safe and sound.
      </RecordNotFound>
    );
  }

  if (loaded.status !== 'success') {
    return (
      <Stack gap="lg" pt="xl" maw={720}>
        <BackLink />
        <Title order={1}>{title}</Title>
        {loaded.status === 'loading' ? (
          <Loading label={isEdit ? 'Loading this contact…' : 'Loading your children…'} />
        ) : (
          <LoadFailed
            message={
              isEdit
                ? 'We could not load this contact. Please check your connection and try again.'
                : 'We could not load your children. Please check your connection and try again.'
            }
            retry={loaded.retry}
          />
        )}
      </Stack>
    );
  }

  const { students, trustee } = loaded.data;
  return (
    <Stack gap="lg" pt="xl" maw={720}>
      <BackLink />
      <div>
        <Title order={1}>{trustee ? `Edit ${trustee.fullName}` : title}</Title>
        <Text mt={4}>
          {trustee
            ? 'Keep their details up to date so we can always reach them quickly.'
            : 'Someone we can call if we can’t reach you. Only the people you allow may pick up your children.'}
        </Text>
      </div>
      {students.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h3">
            First, add your child
          </Title>
          <Text mt="xs">
            Emergency contacts belong to your children, so we need to know who they are first. Add your child
            — it takes a minute — then come back to add the people we can call.
          </Text>
          <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
            Add a child
          </Button>
        </Paper>
      ) : (
        <ContactForm key={trusteeId ?? 'new'} students={students} trustee={trustee} />
      )}
      {trustee && students.length > 0 ? (
        <PassPanel
          key={`pass-${trustee.id}`}
          trustee={trustee}
          childNames={students
            .filter((student) => trustee.studentIds.includes(student.id))
            .map((student) => student.firstName)}
        />
      ) : null}
      {trustee ? <DeleteContact trustee={trustee} /> : null}
    </Stack>
  );
}

function ContactForm({ students, trustee }: { students: readonly Student[]; trustee: Trustee | null }) {
  const navigate = useNavigate();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TrusteeInput, unknown, TrusteeValues>({
    resolver: zodResolver(TrusteeInputSchema),
    mode: 'onTouched',
    defaultValues: trustee ? toInput(trustee, students) : emptyInput(students),
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);
  const formLabel = trustee ? `Edit ${trustee.fullName}` : 'Add an emergency contact';

  const onSubmit = async (values: TrusteeValues) => {
    try {
      const saved = trustee ? await updateTrustee(trustee.id, values) : await createTrustee(values);
      notifySuccess(
        trustee
          ? `Your changes to ${saved.fullName} are saved.`
          : `${saved.fullName} is saved as an emergency contact.`,
      );
      navigate(routes.emergencyContacts);
    } catch (error) {
      const placed = showFieldErrors(error);
      notifyError(
        placed
          ? 'Please check the highlighted fields and try again.'
          : error instanceof ApiError && error.status === 404
            ? 'This contact no longer exists. It may have been deleted.'
            : 'We could not save this contact. Please try again.',
        'Contact not saved',
      );
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={formLabel}>
        <Stack gap="md">
          <Title order={2} size="h4">
            Who they are
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="First name"
              autoComplete="off"
              required
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="off"
              required
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </SimpleGrid>
          <Controller
            name="relationship"
            control={control}
            render={({ field, fieldState }) => (
              <Autocomplete
                label="Relationship to your child"
                description="Pick one from the list or type your own"
                data={RELATIONSHIP_OPTIONS}
                autoComplete="off"
                required
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />

          <div>
            <Title order={2} size="h4" mt="sm">
              How to reach them
            </Title>
            <Text size="sm" mt={4}>
              At least one phone number, please — a cell phone if they should get our texts.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Cell phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              error={errors.cellPhone?.message}
              {...register('cellPhone')}
            />
            <TextInput
              label="Home phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              error={errors.homePhone?.message}
              {...register('homePhone')}
            />
          </SimpleGrid>
          <TextInput
            label="Email (optional)"
            type="email"
            autoComplete="email"
            error={errors.emailAddress?.message}
            {...register('emailAddress')}
          />

          <Title order={2} size="h4" mt="sm">
            What they may do
          </Title>
          <Checkbox
            label="Can pick up"
            description="They may collect your children. We ask for photo ID until we know them."
            error={errors.canPickup?.message}
            {...register('canPickup')}
          />
          <Checkbox
            label="Receive text messages"
            description="Reminders and urgent news by text to their cell phone."
            error={errors.receiveSMS?.message}
            {...register('receiveSMS')}
          />
          <Checkbox
            label="Receive emails"
            description="Announcements and updates by email."
            error={errors.receiveEmail?.message}
            {...register('receiveEmail')}
          />
          {trustee ? (
            <Checkbox
              label="Active"
              description="Uncheck to keep them on file without calling them."
              error={errors.isActive?.message}
              {...register('isActive')}
            />
          ) : null}

          <Controller
            name="studentIds"
            control={control}
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Which children is this contact for?"
                description="Choose at least one."
                withAsterisk
                mt="sm"
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message ?? errors.studentIds?.root?.message}
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

          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component={Link} to={routes.emergencyContacts} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {trustee ? 'Save changes' : 'Save contact'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteContact({ trustee }: { trustee: Trustee }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTrustee(trustee.id);
      notifySuccess(`${trustee.fullName} is no longer one of your emergency contacts.`);
      navigate(routes.emergencyContacts);
    } catch (error) {
      setDeleting(false);
      if (error instanceof ApiError && error.status === 404) {
        setConfirming(false);
        notifySuccess(`${trustee.fullName} was already deleted.`);
        navigate(routes.emergencyContacts);
        return;
      }
      notifyError('We could not delete this contact. Please try again.', 'Contact not deleted');
    }
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="delete-heading"
    >
      <Title order={2} size="h4" id="delete-heading">
        Delete contact
      </Title>
      <Text size="sm" mt={4}>
        Removes {trustee.firstName} from your emergency contacts. To keep them on file without calling them,
        uncheck “Active” instead.
      </Text>
      <Button color="red" variant="outline" mt="sm" onClick={() => setConfirming(true)}>
        Delete contact
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!deleting) setConfirming(false);
        }}
        title="Delete contact"
        centered
      >
        <Text>Delete {trustee.fullName}? Your children’s records are not changed.</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
            Keep contact
          </Button>
          <Button color="red" onClick={remove} loading={deleting}>
            Delete contact
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
