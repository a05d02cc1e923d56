/**
 * The director's reports (issue 24, "Reports with charts"): each report is one table of rows over a range of
 * the center's calendar days, drawn as one chart, shown as the same table for screen readers and everyone
 * else, and downloaded as a CSV of exactly those cells. Every report has the same shape (`ReportSchema`), so
 * the page, the table, the chart and the file are one component each; what a report holds is its column list
 * in `REPORTS`. Money is integer cents, rates are whole-number percentages or null when nothing was expected,
 * durations are hours; months are "YYYY-MM" in the center's time zone.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';
import { formatCents } from './intl.ts';
import { monthName } from './staff-money.ts';
import { addDays, daysBetween } from './zoned-time.ts';

/** How a column's values read: a text, a count, cents, a whole percentage, hours, or a "YYYY-MM" month. */
export type ReportFormat = 'text' | 'count' | 'cents' | 'percent' | 'hours' | 'month';

export type ReportColumn = { key: string; label: string; format: ReportFormat };

/** The reports, in the order the page offers them. */
export const REPORT_KINDS = [
  'enrollment',
  'occupancy',
  'revenue',
  'attendance',
  'absences',
  'waitlist',
  'inquiries',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const col = (key: string, label: string, format: ReportFormat): ReportColumn => ({ key, label, format });

/**
 * Each report's title, what it counts (the page's words), and its columns (the table's, the CSV's and the
 * chart's data keys). The first column names the row.
 */
export const REPORTS: Record<ReportKind, { title: string; about: string; columns: ReportColumn[] }> = {
  enrollment: {
    title: 'Enrollment over time',
    about:
      'Each month: the children holding a place in a session that met that month (a child who withdrew counts until the month they left), the places those sessions offer, and how full they were.',
    columns: [
      col('month', 'Month', 'month'),
      col('enrolled', 'Children enrolled', 'count'),
      col('capacity', 'Places', 'count'),
      col('occupancy', 'Occupancy', 'percent'),
    ],
  },
  occupancy: {
    title: 'Occupancy by session',
    about:
      'Each session meeting in the range: its places, the children enrolled now, those who withdrew, the families still waiting, and how full it is.',
    columns: [
      col('session', 'Session', 'text'),
      col('capacity', 'Places', 'count'),
      col('enrolled', 'Enrolled', 'count'),
      col('withdrawn', 'Withdrew', 'count'),
      col('waiting', 'Waiting', 'count'),
      col('occupancy', 'Occupancy', 'percent'),
    ],
  },
  revenue: {
    title: 'Revenue by month',
    about:
      'Whole months from the family account: charged is what fell due (instalments in their months) less discounts, credits and write-offs; received and refunded are the money that came in and went back; owed is what families owed at the month’s end.',
    columns: [
      col('month', 'Month', 'month'),
      col('charged', 'Charged', 'cents'),
      col('received', 'Received', 'cents'),
      col('refunded', 'Refunded', 'cents'),
      col('outstanding', 'Owed at month end', 'cents'),
    ],
  },
  attendance: {
    title: 'Attendance by session',
    about:
      'Child-days each session expected up to yesterday (the days it meets while a child holds a place, closed days left out) and the days children came. Early dismissals count as days.',
    columns: [
      col('session', 'Session', 'text'),
      col('expected', 'Child-days expected', 'count'),
      col('attended', 'Child-days attended', 'count'),
      col('absences', 'Absences', 'count'),
      col('rate', 'Attendance rate', 'percent'),
    ],
  },
  absences: {
    title: 'Absences by child',
    about:
      'For one session: each child’s expected days up to yesterday, the days they came and the days they missed, most absences first. Closed days are left out.',
    columns: [
      col('child', 'Child', 'text'),
      col('expected', 'Days expected', 'count'),
      col('attended', 'Days attended', 'count'),
      col('absences', 'Absences', 'count'),
      col('rate', 'Attendance rate', 'percent'),
    ],
  },
  waitlist: {
    title: 'Waitlist',
    about:
      'Each month: families who joined a waitlist, places offered to them, offers accepted and offers that lapsed, and the median hours from an offer to its acceptance.',
    columns: [
      col('month', 'Month', 'month'),
      col('joined', 'Joined', 'count'),
      col('offered', 'Offers made', 'count'),
      col('accepted', 'Accepted', 'count'),
      col('lapsed', 'Lapsed', 'count'),
      col('hoursToFill', 'Median hours to fill', 'hours'),
    ],
  },
  inquiries: {
    title: 'Inquiries',
    about:
      'Each month’s inquiries from the website by how far they went: every new inquiry, those the center replied to, those who toured, and those who enrolled.',
    columns: [
      col('month', 'Month', 'month'),
      col('received', 'New', 'count'),
      col('replied', 'Replied', 'count'),
      col('toured', 'Toured', 'count'),
      col('enrolled', 'Enrolled', 'count'),
    ],
  },
};

/** The longest range one report covers: five years. */
export const MAX_REPORT_DAYS = 1_827;

/** `GET /api/staff/reports/{kind}`: the range (the center's calendar days, both ends included) and, for absences, the session. */
export const ReportQuerySchema = z
  .object({
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    classSessionId: z.coerce
      .number({ error: fieldMessage('fields.reports.chooseSession') })
      .int(fieldMessage('fields.reports.chooseSession'))
      .positive(fieldMessage('fields.reports.chooseSession'))
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('fields.reports.toOnOrAfterFrom') });
    else if (query.from && query.to && daysBetween(query.from, query.to) >= MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('fields.reports.atMostFiveYears') });
  });
export type ReportQuery = z.output<typeof ReportQuerySchema>;

export const ReportKindParamsSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: fieldMessage('fields.reports.chooseReport') }),
});

/**
 * The range a report covers when the query leaves a side out: up to `today` (the center's date), from the first
 * day of the month eleven months before the last day's month (twelve whole months). A `from` alone runs a year.
 */
export function reportRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  today: string,
): { from: string; to: string } {
  if (query.from && !query.to) {
    const to = addDays(query.from, 364);
    return { from: query.from, to: to < today ? to : today < query.from ? query.from : today };
  }
  const to = query.to ?? today;
  const from = query.from ?? monthsBefore(`${to.slice(0, 7)}-01`, 11);
  return { from, to };
}

function monthsBefore(firstOfMonth: string, months: number): string {
  const [y, m] = firstOfMonth.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The months ("YYYY-MM") the days `from`–`to` touch, first first. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
}

/** A whole percentage of `part` in `whole`, or null when `whole` is 0 (nothing was expected). */
export const percentOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 100);

const ReportValueSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportValue = z.infer<typeof ReportValueSchema>;

/** A report: its kind, range, columns and rows (keyed by column), and for some a totals row. */
export const ReportSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  from: z.string(),
  to: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      format: z.enum(['text', 'count', 'cents', 'percent', 'hours', 'month']),
    }),
  ),
  rows: z.array(z.record(z.string(), ReportValueSchema)),
  totals: z.record(z.string(), ReportValueSchema).nullable(),
  /** Absences: the sessions to choose from (meeting in the range) and the one shown; else empty and null. */
  sessions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  classSessionId: z.number().int().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;
export type ReportRow = Report['rows'][number];

/** One cell as the table and the CSV show it: "$1,234.50", "85%", "12", "January 2027"; "—" for nothing. */
export function reportCell(format: ReportFormat, value: ReportValue | undefined): string {
  if (value === null || value === undefined) return '—';
  switch (format) {
    case 'cents':
      return formatCents(Number(value));
    case 'percent':
      return `${value}%`;
    case 'hours':
      return `${value} h`;
    case 'month':
      return /^\d{4}-\d{2}$/.test(String(value)) ? monthName(String(value)) : String(value);
    case 'count':
      return Number(value).toLocaleString('en-US');
    default:
      return String(value);
  }
}

/** The report's cells, row by row, then its totals row when it has one: the table and the CSV. */
export function reportTableRows(report: Pick<Report, 'columns' | 'rows' | 'totals'>): string[][] {
  const cells = (row: ReportRow) => report.columns.map((c) => reportCell(c.format, row[c.key]));
  return [...report.rows.map(cells), ...(report.totals ? [cells(report.totals)] : [])];
}

/** The CSV's file name: "enrollment-2025-12-01-to-2026-11-30.csv". */
export const reportFileName = (report: Pick<Report, 'kind' | 'from' | 'to'>) =>
  `${report.kind}-${report.from}-to-${report.to}.csv`;
