/**
 * The teacher's incident report form (issue 26, part 3), phone first: the session (fixed when it comes from
 * the session's day or when correcting), the date and time (the center's clock, now by default), where, the
 * kind as one tap, what happened, first aid, witnesses, the head injury / 911 switch, and the children of the
 * session's roster — each chosen with one tap, then an optional note about them and "a parent was called".
 * The contract's schema checks it in the browser first; the server's field messages land by their fields,
 * focus on the first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  INCIDENT_KINDS,
  type IncidentInput,
  IncidentInputSchema,
  type IncidentKind,
  type StaffIncident,
} from '@lc/contract';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Resolver, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dayFeedQueries } from '../../api/queries/day-feed.ts';
import { staffKeys } from '../../api/query-keys.ts';
import { getStaffSessions } from '../../api/staff.ts';
import { NativeSelectField, SwitchField, TextareaField, TextField, useFieldError } from '../forms/fields.tsx';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';
import { wallClockOf } from '../incidents/format.ts';

type ChildValue = { studentId: string; note: string; parentCalled: boolean };

/** The form's values: the session as the select's text ("" until chosen). */
export type IncidentFormValues = {
  classSessionId: string;
  occurredAt: string;
  place: string;
  kind: IncidentKind;
  whatHappened: string;
  firstAid: string;
  witnesses: string;
  urgent: boolean;
  children: ChildValue[];
};

const resolver = zodResolver(
  z.preprocess((value) => {
    const v = value as IncidentFormValues;
    return { ...v, classSessionId: v.classSessionId ? Number(v.classSessionId) : undefined };
  }, IncidentInputSchema) as unknown as z.ZodType<IncidentInput, IncidentFormValues>,
) as Resolver<IncidentFormValues, unknown, IncidentInput>;

/** The form's first values: a new report (now, the given session) or the report being corrected. */
export function initialValues(classSessionId: number | null, existing?: StaffIncident): IncidentFormValues {
  if (existing)
    return {
      classSessionId: String(existing.classSessionId),
      occurredAt: existing.occurredAtWall,
      place: existing.place,
      kind: existing.kind,
      whatHappened: existing.whatHappened,
      firstAid: existing.firstAid,
      witnesses: existing.witnesses,
      urgent: existing.urgent,
      children: existing.children
        .filter((c) => c.studentId !== null)
        .map((c) => ({ studentId: c.studentId!, note: c.note, parentCalled: c.parentCalled })),
    };
  return {
    classSessionId: classSessionId ? String(classSessionId) : '',
    occurredAt: wallClockOf(new Date()),
    place: '',
    kind: 'Injury',
    whatHappened: '',
    firstAid: '',
    witnesses: '',
    urgent: false,
    children: [],
  };
}

export function IncidentForm({
  values,
  sessionFixed,
  submitLabel,
  action,
  success,
  onDone,
  onCancel,
}: {
  values: IncidentFormValues;
  /** The session cannot be changed (chosen on the session's day, or a correction). */
  sessionFixed: boolean;
  submitLabel: string;
  action: (input: IncidentInput) => Promise<StaffIncident>;
  success: string;
  onDone: (incident: StaffIncident) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<IncidentFormValues, unknown, IncidentInput>({ resolver, defaultValues: values });
  const sessionText = useWatch({ control: form.control, name: 'classSessionId' });
  const sessionId = Number(sessionText);
  const sessions = useQuery({
    queryKey: staffKeys.sessionFilterChoices(),
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' }, signal),
  });
  const roster = useQuery({
    ...dayFeedQueries.staffDay(sessionId),
    enabled: Number.isSafeInteger(sessionId) && sessionId > 0,
    refetchInterval: false,
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action,
    fields: [
      'classSessionId',
      'occurredAt',
      'place',
      'kind',
      'whatHappened',
      'firstAid',
      'witnesses',
      'children',
    ],
    success,
    onSuccess: (incident) => onDone(incident),
  });
  const sessionChoices = [
    { value: '', label: t('incidents.staff.chooseSession') },
    ...(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  if (sessionText && !sessionChoices.some((c) => c.value === sessionText) && roster.data)
    sessionChoices.push({ value: sessionText, label: roster.data.sessionName });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <NativeSelectField
          form={form}
          name="classSessionId"
          label={t('incidents.staff.session')}
          data={sessionChoices}
          disabled={sessionFixed}
          required
        />
        <TextField
          form={form}
          name="occurredAt"
          type="datetime-local"
          label={t('incidents.staff.occurredAt')}
          description={t('incidents.staff.occurredAtHint')}
          required
        />
        <TextField
          form={form}
          name="place"
          label={t('incidents.staff.place')}
          description={t('incidents.staff.placeHint')}
          required
        />
        <KindField form={form} />
        <TextareaField
          form={form}
          name="whatHappened"
          label={t('incidents.staff.whatHappened')}
          description={t('incidents.staff.whatHappenedHint')}
          autosize
          minRows={3}
          required
        />
        <TextareaField
          form={form}
          name="firstAid"
          label={t('incidents.staff.firstAid')}
          autosize
          minRows={2}
        />
        <TextField
          form={form}
          name="witnesses"
          label={t('incidents.staff.witnesses')}
          description={t('incidents.staff.witnessesHint')}
        />
        <SwitchField
          form={form}
          name="urgent"
          label={t('incidents.staff.urgent')}
          description={t('incidents.staff.urgentHint')}
          color="red"
          size="md"
        />
        <ChildrenField
          form={form}
          roster={
            roster.data?.children.map((c) => ({
              studentId: c.studentId,
              name: `${c.firstName} ${c.lastName}`,
            })) ?? null
          }
        />
        <FormFailure failure={failure} />
        <Group gap="sm">
          <Button type="submit" loading={submitting} size="md">
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" size="md" onClick={onCancel}>
              {t('incidents.staff.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

type Form = ReturnType<typeof useForm<IncidentFormValues, unknown, IncidentInput>>;

/** The kind, one tap (a segmented control is a radio group to assistive technology). */
function KindField({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'kind' });
  const error = useFieldError(form, 'kind');
  return (
    <Input.Wrapper label={t('incidents.staff.kind')} id="incident-kind" error={error} required>
      <SegmentedControl
        ref={field.ref}
        aria-labelledby="incident-kind-label"
        fullWidth
        data={INCIDENT_KINDS.map((kind) => ({ value: kind, label: t(`incidents.kinds.${kind}`) }))}
        value={field.value}
        onChange={(value) => field.onChange(value)}
        orientation="horizontal"
        styles={{ root: { flexWrap: 'wrap' } }}
      />
    </Input.Wrapper>
  );
}

/** The children of the session, each one tap; a chosen child gets a note and "a parent was called". */
function ChildrenField({
  form,
  roster,
}: {
  form: Form;
  roster: Array<{ studentId: string; name: string }> | null;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control: form.control, name: 'children' });
  const error = useFieldError(form, 'children');
  const chosen = (field.value ?? []) as ChildValue[];
  const set = (next: ChildValue[]) => field.onChange(next);
  const toggle = (studentId: string, on: boolean) =>
    set(
      on
        ? [...chosen, { studentId, note: '', parentCalled: false }]
        : chosen.filter((c) => c.studentId !== studentId),
    );
  const change = (studentId: string, patch: Partial<ChildValue>) =>
    set(chosen.map((c) => (c.studentId === studentId ? { ...c, ...patch } : c)));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby="incident-children-hint">
      <Text component="legend" fw={500} size="sm">
        {t('incidents.staff.children')}
      </Text>
      <Text size="xs" c="dimmed" id="incident-children-hint" mb="xs">
        {t('incidents.staff.childrenHint')}
      </Text>
      {roster === null ? <Text size="sm">{t('incidents.staff.chooseSessionFirst')}</Text> : null}
      {roster !== null && roster.length === 0 ? (
        <Text size="sm">{t('incidents.staff.noChildren')}</Text>
      ) : null}
      <Stack gap="xs">
        {(roster ?? []).map((child, index) => {
          const value = chosen.find((c) => c.studentId === child.studentId);
          return (
            <Card key={child.studentId} withBorder padding="sm" radius="md">
              <Checkbox
                ref={index === 0 ? field.ref : undefined}
                size="md"
                label={child.name}
                checked={Boolean(value)}
                onChange={(event) => toggle(child.studentId, event.currentTarget.checked)}
                aria-invalid={error ? true : undefined}
                aria-errormessage={error ? 'incident-children-error' : undefined}
              />
              {value ? (
                <Stack gap="xs" mt="xs" pl="xl">
                  <Textarea
                    label={t('incidents.staff.childNote', { name: child.name })}
                    value={value.note}
                    autosize
                    minRows={1}
                    onChange={(event) => change(child.studentId, { note: event.currentTarget.value })}
                  />
                  <Switch
                    label={t('incidents.staff.parentCalled', { name: child.name })}
                    checked={value.parentCalled}
                    onChange={(event) =>
                      change(child.studentId, { parentCalled: event.currentTarget.checked })
                    }
                  />
                </Stack>
              ) : null}
            </Card>
          );
        })}
      </Stack>
      {error ? (
        <Text c="red" size="sm" mt={4} id="incident-children-error" role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
