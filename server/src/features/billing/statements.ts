/**
 * Statements as PDFs (issue 23): the family's **monthly statement** (every entry of a calendar month in the
 * center's time zone with the running balance, the balance it opened and closed on, and what is due next) and a
 * parent's **year-end childcare statement** for the US dependent-care credit and an FSA: the provider's facts
 * that IRS Form 2441, Part I asks for (name, address, EIN), each child with the dates of care in the year and
 * what this parent paid for them in the year net of refunds. Both read the ledger (`ledger.ts`), so they agree
 * with Billing to the cent; both are written in the parent's language (`statementPdf.*` of the server's message
 * files) with pdfkit's standard fonts. Amounts are cents; months are "YYYY-MM", dates ISO.
 */
import { dateTimeFormat, formatPolicyDate, type StatementEntry, statementMonth } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import { mailLocale, mailT, moneyIn, namesIn } from '../../i18n/family-mail.ts';
import { type CenterFacts, type Column, letterhead, newDocument, row } from '../../lib/pdf.ts';
import { familyAccount } from './ledger.ts';

type Options = {
  timeZone: string;
  today: string;
  language: string;
  center: CenterFacts;
  /** The other parent's first name when the parents split the bills: the statement is then the reader's share. */
  sharedWith?: string | null;
};

/** The months (newest first) and years with any entry of these payers, in the center's time zone. */
export async function statementIndex(
  db: DbOrTx,
  payerIds: string[],
  timeZone: string,
): Promise<{ months: string[]; years: number[] }> {
  const rows = await queryRows<{ month: string }>(
    db,
    sql`select distinct to_char(created at time zone ${timeZone}, 'YYYY-MM') as month from ledger_entries
      where payer_user_id in ${uuidList(payerIds)} order by month desc`,
  );
  const months = rows.map((r) => r.month);
  return { months, years: [...new Set(months.map((m) => Number(m.slice(0, 4))))] };
}

/** The center's calendar date of an instant. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The words of an entry on the statement: its kind, how it was paid, its reference. */
function describe(entry: StatementEntry, t: ReturnType<typeof mailT>): string {
  const kind = t(`statementPdf.kind.${entry.kind}`);
  const parts = [kind];
  if (entry.method) parts.push(t(`statementPdf.method.${entry.method}`));
  if (entry.reference) parts.push(entry.reference);
  return parts.join(' · ');
}

/**
 * The family's statement for `month` ("YYYY-MM") as a PDF. `familyName`: the parents' names as the heading
 * says them.
 */
export async function monthlyStatementPdf(
  db: DbOrTx,
  payerIds: string[],
  month: string,
  familyName: string,
  options: Options,
): Promise<Buffer> {
  const { timeZone, today, language, center } = options;
  const t = mailT(language);
  const money = (cents: number) => moneyIn(cents, language);
  const account = await familyAccount(db, payerIds, today);
  const { opening, entries: within, closing } = statementMonth(account.entries, month, timeZone);
  const monthName = new Intl.DateTimeFormat(mailLocale(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T12:00:00Z`));
  const longDate = (iso: string) => formatPolicyDate(iso, mailLocale(language));
  const shortDate = (iso: string) =>
    dateTimeFormat(mailLocale(language), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T12:00:00Z`),
    );

  const title = t('statementPdf.monthlyTitle', { month: monthName });
  const { doc, done } = newDocument(`${center.name} — ${title}`);
  letterhead(doc, center);
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(t('statementPdf.family', { family: familyName }));
  if (options.sharedWith) doc.text(t('statementPdf.yourShare', { other: options.sharedWith }));
  doc.moveDown(0.6);
  doc.text(t('statementPdf.opening', { date: longDate(`${month}-01`), amount: money(opening) }));
  doc.moveDown(0.6);
  const columns: Column[] = [
    { width: 60 },
    { width: 200 },
    { width: 110 },
    { width: 66, align: 'right' },
    { width: 68, align: 'right' },
  ];
  row(
    doc,
    columns,
    [
      t('statementPdf.date'),
      t('statementPdf.description'),
      t('statementPdf.childSession'),
      t('statementPdf.amount'),
      t('statementPdf.balance'),
    ],
    true,
  );
  if (within.length === 0) doc.font('Helvetica').fontSize(10).text(t('statementPdf.nothingThisMonth'));
  for (const entry of within)
    row(doc, columns, [
      shortDate(dayIn(entry.created, timeZone)),
      `${describe(entry, t)}${entry.dueOn && entry.amount > 0 ? ` · ${t('statementPdf.due', { date: shortDate(entry.dueOn) })}` : ''}`,
      [entry.childName, entry.sessionName].filter(Boolean).join(', '),
      money(entry.amount),
      money(entry.balanceAfter),
    ]);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(t('statementPdf.closing', { date: longDate(lastDayOf(month)), amount: money(closing) }));
  doc.font('Helvetica').fontSize(10);
  if (closing < 0) doc.text(t('statementPdf.credit', { amount: money(-closing) }));
  doc.moveDown(0.6);
  doc.text(
    account.nextDue?.dueOn
      ? t('statementPdf.nextDue', {
          today: longDate(today),
          amount: money(account.nextDue.amount),
          date: longDate(account.nextDue.dueOn),
          session: account.nextDue.sessionName,
        })
      : account.balance > 0
        ? t('statementPdf.balanceDue', { today: longDate(today), amount: money(account.balance) })
        : t('statementPdf.nothingDue', { today: longDate(today) }),
  );
  doc.moveDown(1);
  doc.fontSize(9).fillColor('#333333').text(t('statementPdf.questions'));
  doc.end();
  return done;
}

/** A child's care and payments in a year, for the year-end statement. */
export type YearEndChild = {
  childName: string;
  /** The first and last day of care in the year (the child's sessions, clipped to the year). */
  from: string;
  to: string;
  /** Cents this parent paid for the child in the year, net of refunds. */
  paid: number;
};

/**
 * What `payerId` paid in `year` (the center's calendar), per child, net of refunds, with the child's dates of
 * care in the year; money not applied to a child (a credit on account) is `unapplied`.
 */
export async function yearEndFacts(
  db: DbOrTx,
  payerId: string,
  year: number,
  timeZone: string,
): Promise<{ children: YearEndChild[]; unapplied: number; total: number }> {
  const rows = await queryRows<{
    student_id: string | null;
    child_name: string | null;
    paid: number;
    care_from: string | null;
    care_to: string | null;
  }>(
    db,
    sql`with money as (
        select l.student_id, sum(l.paid)::int as paid from ledger_signed l
        where l.payer_user_id = ${payerId} and l.paid <> 0
          and extract(year from l.created at time zone ${timeZone}) = ${year}
        group by l.student_id),
      care as (
        select l.student_id,
          to_char(greatest(min(cs.session_start_date), make_date(${year}, 1, 1)), 'YYYY-MM-DD') as care_from,
          to_char(least(max(cs.session_end_date), make_date(${year}, 12, 31)), 'YYYY-MM-DD') as care_to
        from (select distinct student_id, class_session_id from ledger_entries
          where payer_user_id = ${payerId} and student_id is not null) l
        join class_sessions cs on cs.id = l.class_session_id
        where cs.session_start_date <= make_date(${year}, 12, 31) and cs.session_end_date >= make_date(${year}, 1, 1)
        group by l.student_id)
      select m.student_id, trim(s.first_name || ' ' || s.last_name) as child_name, m.paid, c.care_from, c.care_to
      from money m left join students s on s.id = m.student_id left join care c on c.student_id = m.student_id
      order by m.student_id is null, s.date_of_birth, s.first_name`,
  );
  const children = rows
    .filter((r) => r.student_id !== null && r.paid !== 0)
    .map((r) => ({
      childName: r.child_name ?? '',
      from: r.care_from ?? `${year}-01-01`,
      to: r.care_to ?? `${year}-12-31`,
      paid: r.paid,
    }));
  const unapplied = rows.filter((r) => r.student_id === null).reduce((sum, r) => sum + r.paid, 0);
  return { children, unapplied, total: children.reduce((sum, c) => sum + c.paid, 0) + unapplied };
}

/** The year-end childcare statement of one parent as a PDF (see the module comment). */
export async function yearEndStatementPdf(
  db: DbOrTx,
  payer: { id: string; name: string },
  year: number,
  options: Options,
): Promise<Buffer> {
  const { timeZone, language, center, today } = options;
  const t = mailT(language);
  const money = (cents: number) => moneyIn(cents, language);
  const longDate = (iso: string) => formatPolicyDate(iso, mailLocale(language));
  const facts = await yearEndFacts(db, payer.id, year, timeZone);

  const title = t('statementPdf.yearEndTitle', { year: String(year) });
  const { doc, done } = newDocument(`${center.name} — ${title}`);
  letterhead(doc, center);
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(t('statementPdf.yearEndFor', { name: payer.name }));
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).text(t('statementPdf.provider'));
  doc.font('Helvetica').fontSize(10);
  doc.text(t('statementPdf.providerName', { name: center.name }));
  doc.text(t('statementPdf.providerAddress', { address: center.address }));
  doc.text(center.ein ? t('statementPdf.ein', { ein: center.ein }) : t('statementPdf.einMissing'));
  doc.moveDown(0.8);
  const columns: Column[] = [{ width: 150 }, { width: 210 }, { width: 144, align: 'right' }];
  row(
    doc,
    columns,
    [
      t('statementPdf.child'),
      t('statementPdf.datesOfCare'),
      t('statementPdf.paidInYear', { year: String(year) }),
    ],
    true,
  );
  if (facts.children.length === 0 && facts.unapplied === 0)
    doc.text(t('statementPdf.nothingPaid', { year: String(year) }));
  for (const child of facts.children)
    row(doc, columns, [
      child.childName,
      t('statementPdf.careRange', { from: longDate(child.from), to: longDate(child.to) }),
      money(child.paid),
    ]);
  if (facts.unapplied !== 0) row(doc, columns, [t('statementPdf.unapplied'), '', money(facts.unapplied)]);
  row(doc, columns, [t('statementPdf.total'), '', money(facts.total)], true);
  doc.moveDown(0.8);
  doc.fontSize(9).text(
    t('statementPdf.yearEndNote', {
      year: String(year),
      children: namesIn(
        language,
        facts.children.map((c) => c.childName),
      ),
    }),
  );
  doc.moveDown(0.6);
  doc.text(t('statementPdf.issued', { date: longDate(today) }));
  doc.moveDown(1);
  doc.fillColor('#333333').text(t('statementPdf.questions'));
  doc.end();
  return done;
}
