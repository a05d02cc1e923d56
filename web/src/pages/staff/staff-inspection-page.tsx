import { type InspectionQuery, InspectionQuerySchema, inspectionFileName } from '@lc/contract';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions } from '../../api/staff';
import { downloadInspectionPdf, getInspection } from '../../api/staff-inspection';
import { centerToday } from '../../features/class-sessions/format';
import { LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import {
  AttendanceDays,
  ChildrenTable,
  IncidentReports,
  SessionFacts,
  StaffCertifications,
} from '../../features/staff-inspection/inspection-records';
import { ReportRange } from '../../features/staff-reports/report-range';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The page's address: the session and the days (absent: the server's last seven days). */
const PageQuerySchema = z.object({
  session: z.coerce.number().int().positive().optional().catch(undefined),
  from: isoDay,
  to: isoDay,
});

/** Every session the director may choose, newest first (one page of the most the list gives). */
const SESSION_CHOICES = { period: 'all', sort: 'start', dir: 'desc', page: 1, pageSize: 100 } as const;

/**
 * /staff/inspection — an inspector's visit (issue 26): one session's licensing records over a range of days,
 * on the page and as a PDF to hand over. The director's only; a teacher is told whom to ask. The session and the
 * days are kept in the address, so a link shows the same records.
 */
export default function StaffInspectionPage() {
  usePageTitle('Staff · Licensing records');
  const isDirector = currentRole() === 'Admin';
  const { query: page, update } = useUrlQuery(PageQuerySchema, { keepValid: true });
  const sessions = useQuery({
    queryKey: staffKeys.sessions(SESSION_CHOICES),
    queryFn: ({ signal }) => getStaffSessions(SESSION_CHOICES, signal),
    enabled: isDirector,
  });
  const today = centerToday();
  const choices = sessions.data?.items ?? [];
  // Without a session in the address: the first one meeting today, else the newest.
  const classSessionId =
    page.session ??
    (choices.find((s) => s.sessionStartDate <= today && s.sessionEndDate >= today) ?? choices[0])?.id;
  const query: InspectionQuery = { from: page.from, to: page.to };
  const records = useQuery({
    queryKey: staffKeys.inspection(classSessionId ?? 0, query),
    queryFn: ({ signal }) => getInspection(classSessionId!, query, signal),
    placeholderData: keepPreviousData,
    enabled: isDirector && classSessionId !== undefined,
  });
  const { exporting, exportCsv: exportPdf } = useCsvDownload(
    () => downloadInspectionPdf(classSessionId!, query),
    'The PDF could not be made. Please try again.',
  );

  if (!isDirector)
    return (
      <Stack gap="lg" className={classes.page}>
        <Title order={1}>Licensing records</Title>
        <Alert color="yellow" variant="light" title="Licensing records are the director’s">
          They hold every child’s records and the staff’s. Ask your center’s director when an inspector
          visits.
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="lg" className={classes.page}>
      <div>
        <Title order={1}>Licensing records</Title>
        <Text c="dimmed">
          What an inspector asks to see for one session: its children, and each day’s drop-offs and pickups
          with the adults named at the door. Choose the session and the days, then show them here or download
          the PDF.
        </Text>
      </div>
      {sessions.isError ? (
        <LoadFailure title="We could not load the sessions" onRetry={() => sessions.refetch()} />
      ) : null}
      {sessions.data && choices.length === 0 ? (
        <Text>There is no session yet. Records appear here once a session has children.</Text>
      ) : null}
      {choices.length > 0 ? (
        <NativeSelect
          label="Session"
          value={String(classSessionId ?? '')}
          onChange={(event) => update({ session: Number(event.currentTarget.value) })}
          data={choices.map((s) => ({ value: String(s.id), label: s.name }))}
          maw={420}
        />
      ) : null}
      {records.isError ? (
        <LoadFailure title="We could not load the records" onRetry={() => records.refetch()} />
      ) : null}
      {records.isPending && classSessionId !== undefined ? (
        <Text role="status">Loading the records…</Text>
      ) : null}
      {records.data ? (
        <>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
            <ReportRange
              from={records.data.from}
              to={records.data.to}
              onRange={(range) => update(range)}
              schema={InspectionQuerySchema}
              label="Choose the days"
            />
            <Button
              variant="default"
              onClick={exportPdf}
              loading={exporting}
              aria-label={`Download PDF: ${inspectionFileName(records.data)}`}
            >
              Download PDF
            </Button>
          </Group>
          <SessionFacts inspection={records.data} />
          <ChildrenTable inspection={records.data} />
          <AttendanceDays inspection={records.data} />
          <IncidentReports inspection={records.data} />
          <StaffCertifications inspection={records.data} />
        </>
      ) : null}
    </Stack>
  );
}
