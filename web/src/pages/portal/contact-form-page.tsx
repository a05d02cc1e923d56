import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { createTrustee, deleteTrustee, getStudents, getTrustee, updateTrustee } from '../../api/family.ts';
import { familyKeys } from '../../api/query-keys.ts';
import { relationshipOptions } from '../../features/family/format.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { PassPanel } from '../../features/passes/pass-panel.tsx';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

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
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={routes.emergencyContacts} size="sm">
      {t('family.contactForm.back')}
    </Anchor>
  );
}

/**
 * /dashboard/emergency-contacts/new and /dashboard/emergency-contacts/:trusteeId (spec §2; issue 4):
 * add an emergency contact for some of the family's children, or edit or delete one. An existing contact's
 * page also carries their pickup pass (issue 11).
 */
export default function ContactFormPage() {
  const { t } = useTranslation();
  const { trusteeId } = useParams();
  const isEdit = trusteeId !== undefined;
  const title = isEdit ? t('family.contactForm.editTitle') : t('family.contactForm.addTitle');
  usePageTitle(title);
  const loaded = useQuery({
    queryKey: familyKeys.contactForm(trusteeId),
    queryFn: async ({ signal }) => {
      const [students, trustee] = await Promise.all([
        getStudents(signal),
        trusteeId === undefined ? Promise.resolve(null) : getTrustee(trusteeId, signal),
      ]);
      return { students, trustee };
    },
  });

  if (loaded.status === 'error' && isNotFound(loaded.error)) {
    return (
      <RecordNotFound
        title={t('family.contactForm.notFoundTitle')}
        backTo={routes.emergencyContacts}
        backLabel={t('family.contactForm.notFoundBack')}
      >
        {t('family.contactForm.notFoundBody')}
      </RecordNotFound>
    );
  }

  if (loaded.status !== 'success') {
    return (
      <Stack gap="lg" pt="xl" maw={720}>
        <BackLink />
        <Title order={1}>{title}</Title>
        {loaded.status === 'pending' ? (
          <Loading
            label={isEdit ? t('family.contactForm.loadingContact') : t('family.contactForm.loadingChildren')}
          />
        ) : (
          <LoadFailed
            message={isEdit ? t('family.contactForm.contactFailed') : t('family.contactForm.childrenFailed')}
            retry={() => loaded.refetch()}
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
        <Title order={1}>
          {trustee ? t('family.contactForm.editHeading', { name: trustee.fullName }) : title}
        </Title>
        <Text mt={4}>{trustee ? t('family.contactForm.editIntro') : t('family.contactForm.addIntro')}</Text>
      </div>
      {students.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} size="h3">
            {t('family.contactForm.noChildTitle')}
          </Title>
          <Text mt="xs">{t('family.contactForm.noChildBody')}</Text>
          <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
            {t('family.contactForm.addChild')}
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
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
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
  const formLabel = trustee
    ? t('family.contactForm.editHeading', { name: trustee.fullName })
    : t('family.contactForm.addTitle');

  const onSubmit = async (values: TrusteeValues) => {
    try {
      const saved = trustee ? await updateTrustee(trustee.id, values) : await createTrustee(values);
      notifySuccess(
        trustee
          ? t('family.contactForm.saved', { name: saved.fullName })
          : t('family.contactForm.added', { name: saved.fullName }),
      );
      navigate(routes.emergencyContacts);
    } catch (error) {
      const placed = showFieldErrors(error);
      notifyError(
        placed
          ? t('family.contactForm.checkFields')
          : error instanceof ApiError && error.status === 404
            ? t('family.contactForm.gone')
            : t('family.contactForm.saveFailed'),
        t('family.contactForm.saveFailedTitle'),
      );
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={formLabel}>
        <Stack gap="md">
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
          {trustee ? (
            <Checkbox
              label={t('family.contactForm.active')}
              description={t('family.contactForm.activeHint')}
              error={fieldMessage(errors.isActive?.message)}
              {...register('isActive')}
            />
          ) : null}

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

          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component={Link} to={routes.emergencyContacts} variant="default">
              {t('family.common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {trustee ? t('family.common.saveChanges') : t('family.contactForm.saveContact')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DeleteContact({ trustee }: { trustee: Trustee }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteTrustee(trustee.id);
      notifySuccess(t('family.contactForm.deleted', { name: trustee.fullName }));
      navigate(routes.emergencyContacts);
    } catch (error) {
      setDeleting(false);
      if (error instanceof ApiError && error.status === 404) {
        setConfirming(false);
        notifySuccess(t('family.contactForm.alreadyDeleted', { name: trustee.fullName }));
        navigate(routes.emergencyContacts);
        return;
      }
      notifyError(t('family.contactForm.deleteFailed'), t('family.contactForm.deleteFailedTitle'));
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
        {t('family.contactForm.delete')}
      </Title>
      <Text size="sm" mt={4}>
        {t('family.contactForm.deleteExplained', { name: trustee.firstName })}
      </Text>
      <Button color="red" variant="outline" mt="sm" onClick={() => setConfirming(true)}>
        {t('family.contactForm.delete')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!deleting) setConfirming(false);
        }}
        title={t('family.contactForm.delete')}
        centered
      >
        <Text>{t('family.contactForm.deleteConfirm', { name: trustee.fullName })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
            {t('family.contactForm.keepContact')}
          </Button>
          <Button color="red" onClick={remove} loading={deleting}>
            {t('family.contactForm.delete')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
