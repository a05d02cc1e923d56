/**
 * /dashboard/incidents/:incidentId (issue 26, part 3): the family's copy of one incident report — only the
 * family's own children named, the others counted — the director's notes shared with the family, and the
 * signature: a typed full name that must be the account holder's, a box to confirm, and an optional comment
 * or question. Either parent signs once for the family; both then see who signed and when. The page sends
 * back the hash of the copy it shows, so a report changed meanwhile is shown again before anyone signs it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FamilyIncident,
  type IncidentAcknowledgeFormInput,
  type IncidentAcknowledgeInput,
  IncidentAcknowledgeInputSchema,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Badge, Button, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { acknowledgeIncident } from '../../api/incidents.ts';
import { incidentQueries } from '../../api/queries/incidents.ts';
import { incidentKeys } from '../../api/query-keys.ts';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { failedWith } from '../../features/forms/feedback.ts';
import { CheckboxField, TextareaField, TextField } from '../../features/forms/fields.tsx';
import { notifyError } from '../../features/forms/notify.ts';
import { FormFailure, useSubmit } from '../../features/forms/use-submit.tsx';
import { incidentWhen } from '../../features/incidents/format.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { getToken, readClaims } from '../../lib/auth-token.ts';

/** An alert's title in the body colour: the tinted title colours are too faint on their tint (axe). */
const TITLE_READS = { title: { color: 'var(--mantine-color-text)' } };

export default function IncidentPage() {
  const { t } = useTranslation();
  usePageTitle(t('incidents.family.title'));
  const incidentId = useParams().incidentId ?? '';
  const incident = useQuery(incidentQueries.family(incidentId));

  if (incident.status === 'pending') return <Loading label={t('incidents.family.loading')} />;
  if (incident.status === 'error')
    return isNotFound(incident.error) ? (
      <Stack gap="sm" pt="xl">
        <Title order={1}>{t('incidents.family.notFound')}</Title>
        <Anchor component={Link} to={routes.incidents}>
          {t('incidents.family.backToList')}
        </Anchor>
      </Stack>
    ) : (
      <LoadFailed message={t('incidents.family.loadFailed')} retry={() => void incident.refetch()} />
    );
  const data = incident.data;
  return (
    <Stack gap="lg" pt="xl" maw={760}>
      <div>
        <Anchor component={Link} to={routes.incidents} size="sm">
          {t('incidents.family.backToList')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('incidents.family.title')}
        </Title>
        <Text c="dimmed">{incidentWhen(data.occurredAt)}</Text>
      </div>
      {data.urgent ? (
        <Alert styles={TITLE_READS} color="red" variant="light" title={t('incidents.urgent')}>
          {t('incidents.family.urgentNotice')}
        </Alert>
      ) : null}
      <IncidentCopy incident={data} />
      {data.followUps.length > 0 ? (
        <section aria-labelledby="follow-ups-heading">
          <Title order={2} size="h3" id="follow-ups-heading" mb="xs">
            {t('incidents.family.followUpsHeading')}
          </Title>
          <Stack gap="xs">
            {data.followUps.map((note) => (
              <Card key={note.id} withBorder padding="sm" radius="md">
                <Text style={{ whiteSpace: 'pre-wrap' }}>{note.body}</Text>
                <Text size="sm" c="dimmed">
                  {note.author ? `${note.author.firstName} ${note.author.lastName} · ` : ''}
                  {incidentWhen(note.at)}
                </Text>
              </Card>
            ))}
          </Stack>
        </section>
      ) : null}
      <Divider />
      {data.acknowledgement ? (
        <Alert styles={TITLE_READS} color="green" variant="light" title={t('incidents.family.signed')}>
          <Text>
            {t('incidents.family.signedBy', {
              name: data.acknowledgement.signerName,
              when: incidentWhen(data.acknowledgement.at),
            })}
          </Text>
          {data.acknowledgement.comment ? (
            <Text mt={4}>{t('incidents.family.yourComment', { comment: data.acknowledgement.comment })}</Text>
          ) : null}
        </Alert>
      ) : (
        <SignForm incident={data} />
      )}
    </Stack>
  );
}

/** The family's copy, part by part (the same facts as the text they sign). */
function IncidentCopy({ incident }: { incident: FamilyIncident }) {
  const { t } = useTranslation();
  const row = (label: string, value: string) => (
    <div>
      <Text fw={700} size="sm">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>
    </div>
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        {row(t('incidents.family.session'), incident.sessionName)}
        {row(t('incidents.family.when'), incidentWhen(incident.occurredAt))}
        {row(t('incidents.family.place'), incident.place)}
        <div>
          <Text fw={700} size="sm">
            {t('incidents.family.kind')}
          </Text>
          <Badge color="gray.7" variant="filled" tt="none">
            {t(`incidents.kinds.${incident.kind}`)}
          </Badge>
        </div>
        {row(t('incidents.family.whatHappened'), incident.whatHappened)}
        {row(t('incidents.family.firstAid'), incident.firstAid || t('incidents.family.noFirstAid'))}
        {incident.witnesses ? row(t('incidents.family.witnesses'), incident.witnesses) : null}
        {incident.children.map((child) => (
          <div key={child.studentId}>
            <Text fw={700} size="sm">
              {t('incidents.family.yourChild', { name: child.firstName })}
            </Text>
            {child.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>{child.note}</Text> : null}
            {child.parentCalled ? <Text>{t('incidents.family.parentCalled')}</Text> : null}
          </div>
        ))}
        {incident.otherChildren > 0 ? (
          <Text>{t('incidents.family.others', { count: incident.otherChildren })}</Text>
        ) : null}
        {incident.reportedBy ? (
          <Text size="sm" c="dimmed">
            {t('incidents.family.reportedBy', {
              name: `${incident.reportedBy.firstName} ${incident.reportedBy.lastName}`,
            })}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The signature: the account holder's full name typed, the box checked, an optional comment. */
function SignForm({ incident }: { incident: FamilyIncident }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const claims = readClaims(getToken());
  const fullName = claims ? `${claims.given_name ?? ''} ${claims.family_name ?? ''}`.trim() : '';
  const form = useForm<IncidentAcknowledgeFormInput, unknown, IncidentAcknowledgeInput>({
    resolver: zodResolver(IncidentAcknowledgeInputSchema),
    defaultValues: {
      signedName: '',
      consent: false as unknown as true,
      comment: '',
      copySha256: incident.copySha256,
    },
  });
  const { onSubmit, submitting, failure } = useSubmit(form, {
    action: (values) => acknowledgeIncident(incident.id, { ...values, copySha256: incident.copySha256 }),
    fields: ['signedName', 'consent', 'comment'],
    success: t('incidents.family.signedToast'),
    invalidate: [incidentKeys.all],
    intercept: (error) => {
      if (!failedWith(error, 409)) return false;
      notifyError(t('incidents.family.copyChanged'));
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
      return true;
    },
  });
  return (
    <section aria-labelledby="sign-heading">
      <Title order={2} size="h3" id="sign-heading">
        {t('incidents.family.signHeading')}
      </Title>
      <Text mb="sm" maw="65ch">
        {t('incidents.family.signIntro')}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-labelledby="sign-heading">
        <Stack gap="md" maw={480}>
          <TextField
            form={form}
            name="signedName"
            label={t('incidents.family.signedName')}
            description={fullName ? t('incidents.family.signedNameHint', { name: fullName }) : undefined}
            autoComplete="name"
            required
          />
          <CheckboxField form={form} name="consent" label={t('incidents.family.consent')} required />
          <TextareaField
            form={form}
            name="comment"
            label={t('incidents.family.comment')}
            autosize
            minRows={2}
          />
          <FormFailure failure={failure} />
          <Button type="submit" loading={submitting} w="fit-content">
            {t('incidents.family.sign')}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
