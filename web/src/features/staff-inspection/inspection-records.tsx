/**
 * An inspector's records on the page (issue 26, decision 039): the session's facts, its children with their
 * allergies, and each day it meets with the day's closure and who brought and took each child, when (the
 * center's time zone) and the medicine given (decision 040). Every table has a caption; a closed day and an empty day say so in words.
 */
import { type Inspection, routes } from '@lc/contract';
import { Alert, Anchor, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatWhen } from '../staff/staff-format';
import { formatClock } from '../staff-attendance/attendance-parts';
import { InspectionDoses } from '../staff-medication/inspection-doses';

/** A table wider than a phone scrolls sideways by keyboard too: its viewport takes focus (axe, WCAG 2.1.1). */
const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } };

/** "Friday, November 20, 2026" for an ISO calendar day. */
export const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The session: program, schedule and dates, teachers, and when these records were put together. */
export function SessionFacts({ inspection }: { inspection: Inspection }) {
  const { session } = inspection;
  return (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {session.name}
      </Title>
      {session.programName ? <Text>Program: {session.programName}</Text> : null}
      <Text>
        Meets {session.daySchedule}, {shortDay(session.sessionStartDate)} to{' '}
        {shortDay(session.sessionEndDate)}
      </Text>
      <Text>Licensing ratio: {session.childrenPerAdult} children per adult</Text>
      <Text>
        {session.teachers.length > 0
          ? `Teachers: ${session.teachers.join(', ')}`
          : 'No teacher is assigned to this session.'}
      </Text>
      <Text size="sm" c="dimmed">
        Records from {longDay(inspection.from)} to {longDay(inspection.to)}, as of{' '}
        {formatWhen(inspection.generatedAt)}
      </Text>
    </Stack>
  );
}

const HEALTH_WORDS = { Immunizations: 'Immunizations', Physical: 'Physical exam' } as const;

/** A child's required health records: complete, expiring (when) or missing. */
function HealthCell({ health }: { health: Inspection['children'][number]['health'] }) {
  if (health === null) return null;
  if (health.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing required
      </Text>
    );
  return (
    <Stack gap={2}>
      {health.items.map((item) => (
        <Text key={item.requirement} size="sm">
          {HEALTH_WORDS[item.requirement]}:{' '}
          {item.status === 'Complete'
            ? 'complete'
            : item.status === 'Expiring'
              ? `expires ${item.expiresOn ? shortDay(item.expiresOn) : 'soon'}`
              : 'missing'}
        </Text>
      ))}
    </Stack>
  );
}

/** A child's forms: signed (when), signed on an older version only, or not signed. */
function FormsCell({
  forms,
  titles,
}: {
  forms: Inspection['children'][number]['forms'];
  titles: Map<string, string>;
}) {
  if (forms.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No form required
      </Text>
    );
  return (
    <Stack gap={2}>
      {forms.map((f) => (
        <Text key={f.formId} size="sm">
          {titles.get(f.formId)}:{' '}
          {f.status === 'Signed'
            ? `signed ${f.signedAt ? formatWhen(f.signedAt) : ''}`
            : f.status === 'NeedsResign'
              ? `signed version ${f.signedVersion} only`
              : 'not signed'}
        </Text>
      ))}
    </Stack>
  );
}

/** Who was on duty, the most children at once and the minutes over ratio, and each moment it went over. */
function DutyLines({ day }: { day: Inspection['days'][number] }) {
  const most = day.ratio.points.reduce((m, p) => Math.max(m, p.children), 0);
  const over = day.ratio.points.filter((p) => p.state === 'over');
  return (
    <Stack gap={2}>
      <Text size="sm">
        {day.staff.length === 0
          ? 'No one clocked in to this room.'
          : `On duty: ${day.staff
              .map(
                (p) =>
                  `${p.name} ${formatClock(p.inAt)} to ${p.outAt ? formatClock(p.outAt) : 'still on duty'}`,
              )
              .join('; ')}`}
      </Text>
      <Text size="sm">
        {day.ratio.points.length === 0
          ? 'No ratio was recorded this day.'
          : `Most children at once: ${most}; over ratio for ${day.ratio.minutesOver} ${day.ratio.minutesOver === 1 ? 'minute' : 'minutes'}.`}
      </Text>
      {over.length > 0 ? (
        <List size="sm" spacing={2}>
          {over.map((p) => (
            <List.Item key={p.at}>
              Over ratio at {formatClock(p.at)}: children {p.children}, adults on duty {p.adults}, adults
              needed {p.required}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** The session's children: date of birth, allergies, and whether they are still enrolled. */
export function ChildrenTable({ inspection }: { inspection: Inspection }) {
  const { children } = inspection;
  const titles = new Map(inspection.forms.map((f) => [f.formId, `${f.title} (v${f.version})`]));
  return (
    <Stack gap="xs" component="section" aria-labelledby="inspection-children">
      <Title order={2} size="h4" id="inspection-children">
        Children ({children.length})
      </Title>
      {children.length === 0 ? (
        <Text>No child was enrolled in this session during these days.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table striped>
            <Table.Caption>The session’s children during these days</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Child</Table.Th>
                <Table.Th scope="col">Date of birth</Table.Th>
                <Table.Th scope="col">Allergies</Table.Th>
                <Table.Th scope="col">Place</Table.Th>
                <Table.Th scope="col">Health records</Table.Th>
                <Table.Th scope="col">Signed forms</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {children.map((child) => (
                <Table.Tr key={child.studentId}>
                  <Table.Th scope="row" fw={500}>
                    {child.firstName} {child.lastName}
                  </Table.Th>
                  <Table.Td>{shortDay(child.dateOfBirth)}</Table.Td>
                  <Table.Td>
                    {child.allergies.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        None on file
                      </Text>
                    ) : (
                      <Group gap={4}>
                        {child.allergies.map((allergy) => (
                          <Badge key={allergy} color="red.8" variant="filled" tt="none">
                            {allergy}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {child.withdrawnAt === null ? 'Enrolled' : `Withdrawn ${formatWhen(child.withdrawnAt)}`}
                  </Table.Td>
                  <Table.Td>
                    <HealthCell health={child.health} />
                  </Table.Td>
                  <Table.Td>
                    <FormsCell forms={child.forms} titles={titles} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Each day the session meets: its closure, and who brought and took each child who came. */
export function AttendanceDays({ inspection }: { inspection: Inspection }) {
  const names = new Map(inspection.children.map((c) => [c.studentId, `${c.firstName} ${c.lastName}`]));
  return (
    <Stack gap="md" component="section" aria-labelledby="inspection-attendance">
      <Title order={2} size="h4" id="inspection-attendance">
        Attendance
      </Title>
      {inspection.days.length === 0 ? (
        <Text>The session does not meet on any of these days. Choose other days.</Text>
      ) : null}
      {inspection.days.map((day) => {
        const heading = `inspection-day-${day.day}`;
        return (
          <Stack key={day.day} gap={6} component="section" aria-labelledby={heading}>
            <Title order={3} size="h5" id={heading}>
              {longDay(day.day)}
            </Title>
            {day.closure?.kind === 'Closed' ? (
              <Alert color="gray" variant="light" title="The center was closed">
                {day.closure.reason}
              </Alert>
            ) : null}
            {day.closure?.kind === 'EarlyDismissal' ? (
              <Alert color="yellow" variant="light" title={`Early dismissal at ${day.closure.dismissAt}`}>
                {day.closure.reason}
              </Alert>
            ) : null}
            {day.closure?.kind !== 'Closed' ? <DutyLines day={day} /> : null}
            {day.closure?.kind !== 'Closed' && day.attendance.length === 0 ? (
              <Text c="dimmed">No child was checked in.</Text>
            ) : null}
            {day.attendance.length > 0 ? (
              <Table.ScrollContainer minWidth={620} scrollAreaProps={KEYBOARD_SCROLL}>
                <Table striped>
                  <Table.Caption>Drop-offs and pickups, {longDay(day.day)}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Child</Table.Th>
                      <Table.Th scope="col">Arrived</Table.Th>
                      <Table.Th scope="col">Brought by</Table.Th>
                      <Table.Th scope="col">Left</Table.Th>
                      <Table.Th scope="col">Picked up by</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {day.attendance.map((a) => (
                      <Table.Tr key={a.studentId}>
                        <Table.Th scope="row" fw={500}>
                          {names.get(a.studentId) ?? 'A child no longer enrolled'}
                        </Table.Th>
                        <Table.Td>{a.arrivedAt ? formatClock(a.arrivedAt) : ''}</Table.Td>
                        <Table.Td>{a.broughtBy ?? ''}</Table.Td>
                        <Table.Td>
                          {a.leftAt ? (
                            formatClock(a.leftAt)
                          ) : (
                            <Text size="sm" fw={600}>
                              Not checked out
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{a.pickedUpBy ?? ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            <InspectionDoses doses={day.medication} dayLabel={longDay(day.day)} />
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The session's incident reports of the range: what happened, the children and each family's signature. */
export function IncidentReports({ inspection }: { inspection: Inspection }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="inspection-incidents">
      <Title order={2} size="h4" id="inspection-incidents">
        Incident reports ({inspection.incidents.length})
      </Title>
      {inspection.incidents.length === 0 ? (
        <Text>No incident was reported in this session during these days.</Text>
      ) : null}
      {inspection.incidents.map((incident) => (
        <Paper
          key={incident.id}
          withBorder
          p="md"
          component="article"
          aria-labelledby={`incident-${incident.id}`}
        >
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} size="h5" id={`incident-${incident.id}`}>
                <Anchor component={Link} to={routes.staffIncident(incident.id)}>
                  {formatWhen(incident.occurredAt)}: {t(`incidents.kinds.${incident.kind}`)}, {incident.place}
                </Anchor>
              </Title>
              {incident.urgent ? (
                <Badge color="red.8" variant="filled" tt="none">
                  {t('incidents.urgent')}
                </Badge>
              ) : null}
              <Badge color={incident.reviewed ? 'oak.8' : 'gray.7'} variant="filled" tt="none">
                {incident.reviewed ? 'Reviewed' : 'Not reviewed yet'}
              </Badge>
            </Group>
            <Text>{incident.whatHappened}</Text>
            {incident.firstAid ? <Text size="sm">First aid: {incident.firstAid}</Text> : null}
            {incident.witnesses ? <Text size="sm">Witnesses: {incident.witnesses}</Text> : null}
            <List size="sm" spacing={2}>
              {incident.children.map((child) => (
                <List.Item key={child.name}>
                  {child.signedBy && child.signedAt
                    ? `${child.name}: the family signed their copy (${child.signedBy}, ${formatWhen(child.signedAt)})`
                    : `${child.name}: the family has not signed their copy yet`}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

const CERTIFICATION_WORDS = {
  Cpr: 'CPR',
  PediatricFirstAid: 'Pediatric first aid',
  BackgroundCheck: 'Background check',
  TbTest: 'TB test',
  MandatedReporter: 'Mandated reporter training',
  TrainingHours: 'Training hours',
} as const;

/** The session's teachers and whoever was on duty, each certification with its dates; expired ones flagged. */
export function StaffCertifications({ inspection }: { inspection: Inspection }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="inspection-staff">
      <Title order={2} size="h4" id="inspection-staff">
        Staff certifications
      </Title>
      {inspection.staff.length === 0 ? (
        <Text>No staff member is assigned to this session or was on duty.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table striped>
            <Table.Caption>Certifications of the session’s staff</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Staff member</Table.Th>
                <Table.Th scope="col">Certification</Table.Th>
                <Table.Th scope="col">Issued</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inspection.staff.flatMap((person) =>
                person.certifications.length === 0
                  ? [
                      <Table.Tr key={person.name}>
                        <Table.Th scope="row" fw={500}>
                          {person.name}
                        </Table.Th>
                        <Table.Td colSpan={3}>No certification on file</Table.Td>
                      </Table.Tr>,
                    ]
                  : person.certifications.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Th scope="row" fw={500}>
                          {person.name}
                        </Table.Th>
                        <Table.Td>
                          {c.hours === null ? CERTIFICATION_WORDS[c.kind] : `Training: ${c.hours} hours`}
                        </Table.Td>
                        <Table.Td>{shortDay(c.issuedOn)}</Table.Td>
                        <Table.Td>
                          {c.expiresOn === null ? (
                            'Does not expire'
                          ) : (c.daysLeft ?? 0) < 0 ? (
                            <Badge color="red.8" variant="filled" tt="none">
                              Expired {shortDay(c.expiresOn)}
                            </Badge>
                          ) : (
                            shortDay(c.expiresOn)
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
