/**
 * The inspector's PDF (issue 26, decision 039): the same records as the page (`inspection.ts`), on US Letter
 * landscape so every column of a day's attendance fits, in the reader's language (`inspectionPdf.*` of the
 * server's message files), times in the center's time zone. Read back as text in the tests (`unpdf`).
 */
import type { Inspection } from '@lc/contract';
import { calendarDateIn, clockTimeIn, dayAndTimeIn, longDateIn, mailT } from '../../i18n/family-mail.ts';
import { type CenterFacts, type Column, letterhead, newDocument, row } from '../../lib/pdf.ts';

type Options = { timeZone: string; language: string; center: Pick<CenterFacts, 'name' | 'address'> };

/** A section's heading, on a new page when fewer than `space` points are left. */
function heading(doc: PDFKit.PDFDocument, text: string, space = 80) {
  if (doc.y + space > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text, doc.page.margins.left);
  doc.moveDown(0.3);
}

/** A plain line in the body's size. */
function line(doc: PDFKit.PDFDocument, text: string) {
  doc.font('Helvetica').fontSize(10).text(text, doc.page.margins.left);
}

type T = ReturnType<typeof mailT>;
type Child = Inspection['children'][number];

/** A child's required health records, one a line: complete, expiring (when) or missing. */
function healthCell(health: Child['health'], t: T, language: string): string {
  if (health === null) return '';
  if (health.items.length === 0) return t('inspectionPdf.nothingRequired');
  return health.items
    .map((item) =>
      t(`inspectionPdf.health.${item.status}`, {
        record: t(`inspectionPdf.requirement.${item.requirement}`),
        date: item.expiresOn ? longDateIn(item.expiresOn, language) : '',
      }),
    )
    .join('\n');
}

/** A child's forms, one a line: signed (when), signed on an older version only, or not signed. */
function formsCell(
  forms: Child['forms'],
  titles: Map<string, Inspection['forms'][number]>,
  t: T,
  timeZone: string,
  language: string,
): string {
  if (forms.length === 0) return t('inspectionPdf.noForms');
  return forms
    .map((f) => {
      const form = titles.get(f.formId);
      const title = form ? `${form.title} (v${form.version})` : '';
      if (f.status === 'Signed')
        return t('inspectionPdf.formSigned', {
          form: title,
          date: f.signedAt ? calendarDateIn(new Date(f.signedAt), timeZone, language) : '',
        });
      if (f.status === 'NeedsResign')
        return t('inspectionPdf.formOldVersion', { form: title, version: f.signedVersion ?? 0 });
      return t('inspectionPdf.formUnsigned', { form: title });
    })
    .join('\n');
}

/** A day's staff on duty with their times, the most children at once, minutes over ratio, and each breach. */
function dutyLines(
  doc: PDFKit.PDFDocument,
  day: Inspection['days'][number],
  t: T,
  time: (at: string | null) => string,
) {
  line(
    doc,
    day.staff.length === 0
      ? t('inspectionPdf.noStaff')
      : t('inspectionPdf.onDuty', {
          staff: day.staff
            .map((p) =>
              t('inspectionPdf.punch', {
                name: p.name,
                in: time(p.inAt),
                out: p.outAt ? time(p.outAt) : t('inspectionPdf.stillIn'),
              }),
            )
            .join('; '),
        }),
  );
  const most = day.ratio.points.reduce((m, p) => Math.max(m, p.children), 0);
  line(
    doc,
    day.ratio.points.length === 0
      ? t('inspectionPdf.noRatio')
      : t('inspectionPdf.ratioDay', { most, count: day.ratio.minutesOver }),
  );
  for (const point of day.ratio.points.filter((p) => p.state === 'over'))
    line(
      doc,
      t('inspectionPdf.overAt', {
        at: time(point.at),
        children: point.children,
        adults: point.adults,
        required: point.required,
      }),
    );
}

/** The staff's certifications: each person with each certification, issued and expiring (or expired). */
function certificationsSection(doc: PDFKit.PDFDocument, inspection: Inspection, t: T, language: string) {
  heading(doc, t('inspectionPdf.staffHeading'));
  if (inspection.staff.length === 0) {
    line(doc, t('inspectionPdf.noStaffListed'));
    return;
  }
  const columns: Column[] = [{ width: 170 }, { width: 200 }, { width: 150 }, { width: 164 }];
  row(
    doc,
    columns,
    [
      t('inspectionPdf.person'),
      t('inspectionPdf.certification'),
      t('inspectionPdf.issued'),
      t('inspectionPdf.expires'),
    ],
    true,
  );
  for (const person of inspection.staff) {
    if (person.certifications.length === 0)
      row(doc, columns, [person.name, t('inspectionPdf.noCertifications'), '', '']);
    for (const c of person.certifications)
      row(doc, columns, [
        person.name,
        c.hours === null
          ? t(`inspectionPdf.certKind.${c.kind}`)
          : t('inspectionPdf.trainingHours', { count: c.hours }),
        longDateIn(c.issuedOn, language),
        c.expiresOn === null
          ? t('inspectionPdf.noExpiry')
          : (c.daysLeft ?? 0) < 0
            ? t('inspectionPdf.expired', { date: longDateIn(c.expiresOn, language) })
            : longDateIn(c.expiresOn, language),
      ]);
  }
}

/** The inspection as a PDF Buffer. */
export function inspectionPdf(inspection: Inspection, options: Options): Promise<Buffer> {
  const { timeZone, language, center } = options;
  const t = mailT(language);
  const time = (at: string | null) => (at === null ? '' : clockTimeIn(new Date(at), timeZone, language));
  const { session } = inspection;
  const { doc, done } = newDocument(t('inspectionPdf.title', { session: session.name }), 'landscape');

  letterhead(doc, center);
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(t('inspectionPdf.title', { session: session.name }));
  line(
    doc,
    t('inspectionPdf.range', {
      from: longDateIn(inspection.from, language),
      to: longDateIn(inspection.to, language),
    }),
  );
  if (session.programName) line(doc, t('inspectionPdf.program', { program: session.programName }));
  line(
    doc,
    t('inspectionPdf.schedule', {
      schedule: session.daySchedule,
      start: longDateIn(session.sessionStartDate, language),
      end: longDateIn(session.sessionEndDate, language),
    }),
  );
  line(doc, t('inspectionPdf.ratio', { children: session.childrenPerAdult }));
  line(
    doc,
    session.teachers.length > 0
      ? t('inspectionPdf.teachers', { teachers: session.teachers.join(', ') })
      : t('inspectionPdf.noTeachers'),
  );
  doc
    .fontSize(9)
    .fillColor('#333333')
    .text(
      t('inspectionPdf.prepared', { at: dayAndTimeIn(new Date(inspection.generatedAt), timeZone, language) }),
    )
    .fillColor('#000000');

  const names = new Map(inspection.children.map((c) => [c.studentId, `${c.firstName} ${c.lastName}`]));

  heading(doc, t('inspectionPdf.childrenHeading', { count: inspection.children.length }));
  if (inspection.children.length === 0) line(doc, t('inspectionPdf.noChildren'));
  else {
    const columns: Column[] = [
      { width: 110 },
      { width: 80 },
      { width: 90 },
      { width: 70 },
      { width: 170 },
      { width: 164 },
    ];
    row(
      doc,
      columns,
      [
        t('inspectionPdf.child'),
        t('inspectionPdf.dateOfBirth'),
        t('inspectionPdf.allergies'),
        t('inspectionPdf.place'),
      ],
      true,
    );
    const titles = new Map(inspection.forms.map((f) => [f.formId, f]));
    for (const child of inspection.children) {
      row(doc, columns, [
        `${child.firstName} ${child.lastName}`,
        calendarDateIn(new Date(`${child.dateOfBirth}T12:00:00Z`), 'UTC', language),
        child.allergies.length > 0 ? child.allergies.join(', ') : t('inspectionPdf.none'),
        child.withdrawnAt === null
          ? t('inspectionPdf.enrolled')
          : t('inspectionPdf.withdrawn', {
              date: calendarDateIn(new Date(child.withdrawnAt), timeZone, language),
            }),
        healthCell(child.health, t, language),
        formsCell(child.forms, titles, t, timeZone, language),
      ]);
    }
  }

  heading(doc, t('inspectionPdf.attendanceHeading'));
  if (inspection.days.length === 0) line(doc, t('inspectionPdf.noDays'));
  const columns: Column[] = [{ width: 190 }, { width: 90 }, { width: 160 }, { width: 90 }, { width: 154 }];
  for (const day of inspection.days) {
    heading(doc, longDateIn(day.day, language), 60);
    if (day.closure?.kind === 'Closed') {
      line(doc, t('inspectionPdf.closed', { reason: day.closure.reason }));
      continue;
    }
    if (day.closure)
      line(
        doc,
        t('inspectionPdf.earlyDismissal', { time: day.closure.dismissAt ?? '', reason: day.closure.reason }),
      );
    dutyLines(doc, day, t, time);
    for (const dose of day.medication)
      line(
        doc,
        t(dose.voidReason === null ? 'inspectionPdf.dose' : 'inspectionPdf.doseVoided', {
          at: time(dose.givenAt),
          child: dose.childName,
          medication: dose.medication,
          dose: dose.dose,
          giver: dose.givenBy,
          signer: dose.authorizedBy,
          date: calendarDateIn(new Date(dose.authorizedAt), timeZone, language),
          reason: dose.voidReason ?? '',
        }),
      );
    if (day.attendance.length === 0) {
      line(doc, t('inspectionPdf.nobody'));
      continue;
    }
    row(
      doc,
      columns,
      [
        t('inspectionPdf.child'),
        t('inspectionPdf.arrived'),
        t('inspectionPdf.broughtBy'),
        t('inspectionPdf.left'),
        t('inspectionPdf.pickedUpBy'),
      ],
      true,
    );
    for (const a of day.attendance) {
      row(doc, columns, [
        names.get(a.studentId) ?? t('inspectionPdf.formerChild'),
        time(a.arrivedAt),
        a.broughtBy ?? '',
        a.leftAt === null ? t('inspectionPdf.notPickedUp') : time(a.leftAt),
        a.pickedUpBy ?? '',
      ]);
    }
  }
  heading(doc, t('inspectionPdf.incidentsHeading'));
  if (inspection.incidents.length === 0) line(doc, t('inspectionPdf.noIncidents'));
  for (const incident of inspection.incidents) {
    heading(
      doc,
      t('inspectionPdf.incidentTitle', {
        at: dayAndTimeIn(new Date(incident.occurredAt), timeZone, language),
        kind: t(`inspectionPdf.incidentKind.${incident.kind}`),
        place: incident.place,
      }),
      90,
    );
    if (incident.urgent) line(doc, t('inspectionPdf.urgent'));
    line(doc, t('inspectionPdf.whatHappened', { text: incident.whatHappened }));
    if (incident.firstAid) line(doc, t('inspectionPdf.firstAid', { text: incident.firstAid }));
    if (incident.witnesses) line(doc, t('inspectionPdf.witnesses', { text: incident.witnesses }));
    for (const child of incident.children) {
      line(
        doc,
        child.signedBy && child.signedAt
          ? t('inspectionPdf.childSigned', {
              child: child.name,
              signer: child.signedBy,
              at: dayAndTimeIn(new Date(child.signedAt), timeZone, language),
            })
          : t('inspectionPdf.childUnsigned', { child: child.name }),
      );
    }
    line(doc, incident.reviewed ? t('inspectionPdf.reviewed') : t('inspectionPdf.notReviewed'));
  }
  certificationsSection(doc, inspection, t, language);
  doc.end();
  return done;
}
