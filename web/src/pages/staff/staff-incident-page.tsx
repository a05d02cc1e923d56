/**
 * /staff/incidents/:id (issue 26, part 3): one incident report for the staff — the whole report with every
 * child named, each family's signature (who, when, their comment), the reporter's correction while it is
 * allowed (their own report, within the window, before any signature and the review), the director's review
 * and follow-up notes (time-stamped, by whom; one shared with the families tells them at once).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type IncidentFollowUpInput,
  IncidentFollowUpInputSchema,
  routes,
  type StaffIncident,
} from '@lc/contract';
import { Alert, Anchor, Badge, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { addIncidentFollowUp, correctIncident, reviewIncident } from '../../api/incidents.ts';
import { incidentQueries } from '../../api/queries/incidents.ts';
import { incidentKeys, staffKeys } from '../../api/query-keys.ts';
import { clockOf } from '../../features/day-feed/format.ts';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { failureMessage } from '../../features/forms/feedback.ts';
import { SwitchField, TextareaField } from '../../features/forms/fields.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { FormFailure, useSubmit } from '../../features/forms/use-submit.tsx';
import { incidentWhen } from '../../features/incidents/format.ts';
import { IncidentForm, initialValues } from '../../features/staff-incidents/incident-form.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { currentRole } from '../../lib/auth-token.ts';

/** An alert's title in the body colour: the tinted title colours are too faint on their tint (axe). */
const TITLE_READS = { title: { color: 'var(--mantine-color-text)' } };

const nameOf = (p: { firstName: string; lastName: string } | null) =>
  p ? `${p.firstName} ${p.lastName}` : '';

export default function StaffIncidentPage() {
  const { t } = useTranslation();
  const incidentId = useParams().id ?? '';
  const incident = useQuery(incidentQueries.staff(incidentId));
  const [correcting, setCorrecting] = useState(false);
  const queryClient = useQueryClient();
  usePageTitle(
    incident.data
      ? t('incidents.staff.title', { session: incident.data.sessionName })
      : t('incidents.staff.loading'),
  );
  if (incident.status === 'pending') return <Loading label={t('incidents.staff.loading')} />;
  if (incident.status === 'error')
    return isNotFound(incident.error) ? (
      <Stack gap="sm">
        <Title order={1}>{t('incidents.staff.notFound')}</Title>
        <Anchor component={Link} to={routes.staffIncidents}>
          {t('incidents.staff.backToList')}
        </Anchor>
      </Stack>
    ) : (
      <LoadFailed message={t('incidents.staff.loadFailed')} retry={() => void incident.refetch()} />
    );
  const data = incident.data;
  const director = currentRole() === 'Admin';
  const refresh = async (next: StaffIncident) => {
    queryClient.setQueryData(incidentKeys.staff(next.id), next);
    await queryClient.invalidateQueries({ queryKey: incidentKeys.staffAll() });
    await queryClient.invalidateQueries({ queryKey: staffKeys.today() });
  };

  if (correcting)
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1}>{t('incidents.staff.correct')}</Title>
        <IncidentForm
          values={initialValues(data.classSessionId, data)}
          sessionFixed
          submitLabel={t('incidents.staff.saveCorrection')}
          action={({ classSessionId: _session, ...rest }) => correctIncident(data.id, rest)}
          success={t('incidents.staff.corrected')}
          onDone={(next) => {
            void refresh(next);
            setCorrecting(false);
          }}
          onCancel={() => setCorrecting(false)}
        />
      </Stack>
    );

  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Anchor component={Link} to={routes.staffIncidents} size="sm">
          {t('incidents.staff.backToList')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('incidents.staff.title', { session: data.sessionName })}
        </Title>
        <Text c="dimmed">{incidentWhen(data.occurredAt)}</Text>
        <Text size="sm" c="dimmed">
          {t('incidents.staff.reportedBy', {
            name: nameOf(data.reportedBy),
            when: incidentWhen(data.reportedAt),
          })}
          {data.correctedAt
            ? ` · ${t('incidents.staff.correctedAt', { when: incidentWhen(data.correctedAt) })}`
            : ''}
        </Text>
      </div>
      {data.urgent ? (
        <Alert styles={TITLE_READS} color="red" variant="light" title={t('incidents.urgent')}>
          {t('incidents.staff.urgent')}
        </Alert>
      ) : null}
      {data.correctable ? (
        <Alert color="blue" variant="light">
          <Stack gap="xs">
            <Text>{t('incidents.staff.correctUntil', { when: clockOf(data.correctableUntil) })}</Text>
            <Button variant="default" w="fit-content" onClick={() => setCorrecting(true)}>
              {t('incidents.staff.correct')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Detail label={t('incidents.family.place')} value={data.place} />
          <Detail label={t('incidents.family.kind')} value={t(`incidents.kinds.${data.kind}`)} />
          <Detail label={t('incidents.family.whatHappened')} value={data.whatHappened} />
          <Detail
            label={t('incidents.family.firstAid')}
            value={data.firstAid || t('incidents.family.noFirstAid')}
          />
          {data.witnesses ? <Detail label={t('incidents.family.witnesses')} value={data.witnesses} /> : null}
        </Stack>
      </Card>
      <section aria-labelledby="children-heading">
        <Title order={2} size="h3" id="children-heading" mb="xs">
          {t('incidents.staff.childrenHeading')}
        </Title>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.children.map((child) => (
            <Card component="li" key={`${child.studentId}-${child.name}`} withBorder padding="sm" radius="md">
              <Group gap="xs" wrap="wrap">
                <Text fw={700}>{child.name}</Text>
                {child.parentCalled ? (
                  <Badge color="gray.7" variant="filled" tt="none" size="sm">
                    {t('incidents.staff.calledParent')}
                  </Badge>
                ) : null}
                <Badge
                  color={child.acknowledgement ? 'oak.8' : 'honey.9'}
                  variant="filled"
                  tt="none"
                  size="sm"
                >
                  {child.acknowledgement ? t('incidents.family.signed') : t('incidents.staff.notSigned')}
                </Badge>
              </Group>
              {child.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>{child.note}</Text> : null}
              {child.studentId === null ? (
                <Text size="sm" c="dimmed">
                  {t('incidents.staff.closedFamily')}
                </Text>
              ) : null}
              {child.acknowledgement ? (
                <>
                  <Text size="sm">
                    {t('incidents.staff.signedBy', {
                      name: child.acknowledgement.signerName,
                      when: incidentWhen(child.acknowledgement.at),
                    })}
                  </Text>
                  {child.acknowledgement.comment ? (
                    <Text size="sm">
                      {t('incidents.staff.familyComment', { comment: child.acknowledgement.comment })}
                    </Text>
                  ) : null}
                </>
              ) : null}
            </Card>
          ))}
        </Stack>
      </section>
      <Divider />
      <section aria-labelledby="review-heading">
        <Title order={2} size="h3" id="review-heading" mb="xs">
          {t('incidents.staff.reviewHeading')}
        </Title>
        <Text>
          {data.reviewedAt
            ? t('incidents.staff.reviewedBy', {
                name: nameOf(data.reviewedBy),
                when: incidentWhen(data.reviewedAt),
              })
            : t('incidents.staff.notReviewedYet')}
        </Text>
        {director && !data.reviewedAt ? <ReviewButton incident={data} onDone={refresh} /> : null}
      </section>
      <section aria-labelledby="follow-ups-heading">
        <Title order={2} size="h3" id="follow-ups-heading" mb="xs">
          {t('incidents.staff.followUpsHeading')}
        </Title>
        {data.followUps.length === 0 ? <Text>{t('incidents.staff.noFollowUps')}</Text> : null}
        <Stack gap="xs">
          {data.followUps.map((note) => (
            <Card key={note.id} withBorder padding="sm" radius="md">
              <Group gap="xs" mb={4}>
                <Badge color={note.shared ? 'oak.8' : 'gray.7'} variant="filled" tt="none" size="sm">
                  {note.shared ? t('incidents.staff.sharedBadge') : t('incidents.staff.internalBadge')}
                </Badge>
                <Text size="sm" c="dimmed">
                  {nameOf(note.author)} · {incidentWhen(note.at)}
                </Text>
              </Group>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{note.body}</Text>
            </Card>
          ))}
        </Stack>
        {director ? <FollowUpForm incident={data} onDone={refresh} /> : null}
      </section>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fw={700} size="sm">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>
    </div>
  );
}

function ReviewButton({
  incident,
  onDone,
}: {
  incident: StaffIncident;
  onDone: (next: StaffIncident) => Promise<void>;
}) {
  const { t } = useTranslation();
  const review = useMutation({
    mutationFn: () => reviewIncident(incident.id),
    onSuccess: async (next) => {
      await onDone(next);
      notifySuccess(t('incidents.staff.reviewedToast'));
    },
    onError: (error) => notifyError(failureMessage(error, t('incidents.staff.loadFailed'))),
  });
  return (
    <Button mt="xs" loading={review.isPending} onClick={() => review.mutate()}>
      {t('incidents.staff.markReviewed')}
    </Button>
  );
}

function FollowUpForm({
  incident,
  onDone,
}: {
  incident: StaffIncident;
  onDone: (next: StaffIncident) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<{ body: string; shareWithFamily?: boolean }, unknown, IncidentFollowUpInput>({
    resolver: zodResolver(IncidentFollowUpInputSchema),
    defaultValues: { body: '', shareWithFamily: false },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values) => addIncidentFollowUp(incident.id, values),
    fields: ['body', 'shareWithFamily'],
    success: (_, values) =>
      values.shareWithFamily ? t('incidents.staff.followUpShared') : t('incidents.staff.followUpAdded'),
    onSuccess: async (next) => {
      form.reset();
      await onDone(next);
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('incidents.staff.followUp')}>
      <Stack gap="sm" mt="md" maw={560}>
        <TextareaField
          form={form}
          name="body"
          label={t('incidents.staff.followUp')}
          autosize
          minRows={2}
          required
        />
        <SwitchField form={form} name="shareWithFamily" label={t('incidents.staff.share')} />
        <FormFailure failure={failure} />
        <Button type="submit" loading={submitting} w="fit-content">
          {t('incidents.staff.addFollowUp')}
        </Button>
      </Stack>
    </form>
  );
}
