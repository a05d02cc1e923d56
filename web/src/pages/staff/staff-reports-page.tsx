import {
  REPORT_KINDS,
  REPORTS,
  type Report,
  type ReportKind,
  type ReportQuery,
  reportFileName,
} from '@lc/contract';
import { Alert, Button, Group, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { downloadReportCsv, getReport } from '../../api/staff-reports';
import { LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { ReportChart } from '../../features/staff-reports/report-chart';
import { ReportRange } from '../../features/staff-reports/report-range';
import { ReportTable } from '../../features/staff-reports/report-table';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The page's address: which report, its days (absent: the server's last twelve months) and, for absences, the session. */
const PageQuerySchema = z.object({
  report: z.enum(REPORT_KINDS).default('enrollment').catch('enrollment'),
  from: isoDay,
  to: isoDay,
  session: z.coerce.number().int().positive().optional().catch(undefined),
});

const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /staff/reports — the director's reports with charts (issue 24): enrollment and occupancy, revenue by month
 * from the ledger, attendance by session and absences by child, the waitlist and the inquiries' funnel. Each is
 * one chart, the same figures as a table, and a CSV of exactly that table, over a range of days kept in the
 * address with the report, so a link shows the same report.
 */
export default function StaffReportsPage() {
  usePageTitle('Staff · Reports');
  const isDirector = currentRole() === 'Admin';
  const { query: page, update } = useUrlQuery(PageQuerySchema, { keepValid: true });
  const kind = page.report;
  const query: ReportQuery = { from: page.from, to: page.to, classSessionId: page.session };
  const report = useQuery({
    queryKey: staffKeys.report(kind, query),
    queryFn: ({ signal }) => getReport(kind, query, signal),
    placeholderData: keepPreviousData,
    enabled: isDirector,
  });

  if (!isDirector)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Reports are the director’s">
        They hold the center’s money and every room. Ask your center’s director for the figures you need.
      </Alert>
    );

  return (
    <Stack gap="lg" className={classes.page}>
      <div>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">
          How the center is doing over any range of days: each chart has its figures in the table below it and
          as a CSV file.
        </Text>
      </div>
      <Tabs
        value={kind}
        onChange={(value) => value && update({ report: value, session: undefined })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Reports">
          {REPORT_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {REPORTS[k].title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORT_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="lg">
            {report.isError ? (
              <LoadFailure title="We could not load the report" onRetry={() => report.refetch()} />
            ) : null}
            {report.isPending ? <Text role="status">Loading the report…</Text> : null}
            {report.data && report.data.kind === k ? (
              <ReportView
                report={report.data}
                query={query}
                onRange={(range) => update(range)}
                onSession={(session) => update({ session })}
              />
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** One report: its title and what it counts, the days, the CSV, the chart and the table. */
function ReportView({
  report,
  query,
  onRange,
  onSession,
}: {
  report: Report;
  query: ReportQuery;
  onRange: (range: { from: string; to: string }) => void;
  onSession: (session: number) => void;
}) {
  const about = REPORTS[report.kind];
  const { exporting, exportCsv } = useCsvDownload(
    () =>
      downloadReportCsv(report.kind as ReportKind, {
        ...query,
        classSessionId: report.classSessionId ?? undefined,
      }),
    'The report could not be downloaded. Please try again.',
  );
  const days = `${longDay(report.from)} to ${longDay(report.to)}`;
  const session = report.sessions.find((s) => s.id === report.classSessionId);
  const subject = session ? `${about.title}, ${session.name}` : about.title;
  return (
    <Stack gap="md" component="section" aria-labelledby="report-heading">
      <div>
        <Title order={2} size="h3" id="report-heading">
          {about.title}
        </Title>
        <Text size="sm" c="dimmed">
          {about.about}
        </Text>
      </div>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <ReportRange from={report.from} to={report.to} onRange={onRange} />
        <Button
          variant="default"
          onClick={exportCsv}
          loading={exporting}
          aria-label={`Download CSV: ${reportFileName(report)}`}
        >
          Download CSV
        </Button>
      </Group>
      {report.kind === 'absences' && report.sessions.length > 0 ? (
        <NativeSelect
          label="Session"
          value={String(report.classSessionId ?? '')}
          onChange={(event) => onSession(Number(event.currentTarget.value))}
          data={report.sessions.map((s) => ({ value: String(s.id), label: s.name }))}
          maw={360}
        />
      ) : null}
      {report.rows.length === 0 ? (
        <Text>Nothing to count from {days}. Choose a wider range of days, or another report.</Text>
      ) : (
        <>
          <ReportChart
            report={report}
            label={`Chart: ${subject}, ${days}. Its figures are in the table below.`}
          />
          <ReportTable report={report} caption={`${subject}, ${days}`} />
        </>
      )}
    </Stack>
  );
}
