/**
 * The demo's health records (issue 26 part 1; decision 035): the Morning Program requires immunizations
 * (blocking a new enrollment) and a physical within 12 months (a warning); Tutoring requires immunizations as
 * a warning. Maya Avery's record is complete but for a physical that runs out in about three weeks; Theo's
 * immunizations miss his second varicella dose; the classmates' records are in varied states (complete, a
 * physical missing, nothing entered yet), so the staff's compliance list has something in every column.
 * Maya's physical exam form is on file as a PDF her parent uploaded, checked by the director (when `files`, the
 * file storage, is given). Dates are relative to `today`; the same rows every time (no random values, but the
 * stored file's name).
 */
import { randomBytes } from 'node:crypto';
import { addDays } from '@lc/contract/zoned-time';
import { and, eq, inArray } from 'drizzle-orm';
import { HEALTH_FILES } from '../../features/child-health/writes.ts';
import { newDocument } from '../../lib/pdf.ts';
import type { Tx } from '../client.ts';
import {
  classSections,
  classSessionEnrollments,
  healthDocuments,
  healthProfiles,
  immunizationDoses,
  programHealthRequirements,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { atCenterTime } from './demo-dates.ts';
import type { DemoFiles } from './demo-day-feed.ts';

type Dose = { vaccine: string; ageDays: number[] };

/** The CDC schedule's doses by age in days, through the 4–6-year boosters (`upTo` days old keeps the due ones). */
const SCHEDULE: Dose[] = [
  { vaccine: 'HepatitisB', ageDays: [1, 61, 183] },
  { vaccine: 'DTaP', ageDays: [61, 122, 183, 457, 1500] },
  { vaccine: 'Polio', ageDays: [61, 122, 183, 1500] },
  { vaccine: 'Hib', ageDays: [61, 122, 366] },
  { vaccine: 'PCV', ageDays: [61, 122, 183, 366] },
  { vaccine: 'MMR', ageDays: [366, 1500] },
  { vaccine: 'Varicella', ageDays: [366, 1500] },
  { vaccine: 'HepatitisA', ageDays: [366, 549] },
];

/** The doses of a child born on `born`, given on schedule up to `upTo` days old, leaving out `skip`. */
function dosesOf(
  studentId: string,
  born: string,
  upTo: number,
  skip: (v: string, n: number) => boolean = () => false,
) {
  return SCHEDULE.flatMap(({ vaccine, ageDays }) =>
    ageDays
      .filter((d, n) => d <= upTo && !skip(vaccine, n))
      .map((d) => ({ studentId, vaccine, givenOn: addDays(born, d) })),
  );
}

/**
 * A pediatrician's "Report of Health Examination for School Entry" for `child`, on US Letter: the exam's date,
 * the findings a center needs, and the physician's signature line.
 */
function physicalExamPdf(child: string, born: string, examOn: string, physician: string): Promise<Buffer> {
  const { doc, done } = newDocument(`Health examination: ${child}`);
  doc.font('Helvetica-Bold').fontSize(16).text('Report of Health Examination for School Entry');
  doc.font('Helvetica').fontSize(10).text('Redwood Pediatrics · 1220 Jefferson Ave, Redwood City, CA 94062');
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(`Child: ${child}`);
  doc.font('Helvetica').fontSize(11).text(`Date of birth: ${born}`).text(`Date of examination: ${examOn}`);
  doc.moveDown();
  for (const [part, finding] of [
    ['Growth', 'Height and weight within normal range for age.'],
    ['Vision', '20/25 both eyes; no referral needed.'],
    ['Hearing', 'Passed screening, both ears.'],
    ['Dental', 'No visible decay; sees a dentist twice a year.'],
    ['Asthma', 'Mild intermittent. Albuterol inhaler, 2 puffs as needed for wheezing.'],
    ['Allergies', 'None known.'],
  ] as const)
    doc.font('Helvetica-Bold').text(`${part}: `, { continued: true }).font('Helvetica').text(finding);
  doc.moveDown();
  doc.text('May take part fully in all activities, including outdoor play and physical education.');
  doc.moveDown(2);
  doc.text(`Signed: ${physician}, MD`).text('Pediatrician, CA license A 118204');
  doc.end();
  return done;
}

export async function insertDemoHealth(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  directorEmail: string,
  files?: DemoFiles,
): Promise<void> {
  const sections = await tx.select({ id: classSections.id, name: classSections.name }).from(classSections);
  const morning = sections.find((s) => s.name.startsWith('Morning Program'));
  const tutoring = sections.find((s) => s.name.startsWith('Tutoring'));
  const requirements = [
    ...(morning
      ? [
          // A warning in the demo: families can still try enrolling in every demo session (the browser tests
          // enroll new families there); a blocking requirement is shown on the tutoring program.
          { classSectionId: morning.id, requirement: 'Immunizations', mode: 'Warns', months: null },
          { classSectionId: morning.id, requirement: 'Physical', mode: 'Warns', months: 12 },
        ]
      : []),
    ...(tutoring
      ? [{ classSectionId: tutoring.id, requirement: 'Immunizations', mode: 'Blocks', months: null }]
      : []),
  ];
  if (requirements.length > 0) await tx.insert(programHealthRequirements).values(requirements);

  const kids = await tx
    .select({ id: students.id, firstName: students.firstName, born: students.dateOfBirth })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(and(eq(users.emailAddress, demoParentEmail), inArray(students.firstName, ['Maya', 'Theo'])));
  const maya = kids.find((k) => k.firstName === 'Maya');
  const theo = kids.find((k) => k.firstName === 'Theo');
  const age = (born: string) => Math.round((Date.parse(today) - Date.parse(born)) / 86_400_000);
  const doses: Array<{ studentId: string; vaccine: string; givenOn: string }> = [];
  if (maya) {
    doses.push(...dosesOf(maya.id, maya.born, age(maya.born)));
    // A year ago less three weeks: the 12-month physical runs out in about three weeks.
    const physicalOn = addDays(today, -365 + 21);
    await tx.insert(healthProfiles).values({
      studentId: maya.id,
      physicianName: 'Dr. Priya Raman, Redwood Pediatrics',
      physicianPhone: '+16505550142',
      insuranceCarrier: 'Blue Shield of California',
      insuranceMemberId: 'XEH 4417 2209',
      dietaryNeeds: 'Vegetarian. Milk is fine; no gelatin (gummy snacks).',
      // The inhaler her medical authorization names (demo-medication.ts gives it on the last two weekdays).
      medications: ['Albuterol inhaler, 2 puffs when wheezy (mild asthma)'],
      physicalOn,
    });
    if (files) await insertMayaExamForm(tx, physicalOn, maya, demoParentEmail, directorEmail, files);
  }
  if (theo) {
    // His second varicella dose (at 4–6 years) was never given.
    doses.push(...dosesOf(theo.id, theo.born, age(theo.born), (v, n) => v === 'Varicella' && n === 1));
    await tx.insert(healthProfiles).values({
      studentId: theo.id,
      physicianName: 'Dr. Priya Raman, Redwood Pediatrics',
      physicianPhone: '+16505550142',
      insuranceCarrier: 'Blue Shield of California',
      insuranceMemberId: 'XEH 4417 2210',
      dietaryNeeds: '',
      medications: ['Albuterol inhaler, 2 puffs before running games if wheezy'],
      physicalOn: addDays(today, -120),
    });
  }

  // Every other child with a place: complete, missing the physical, or nothing entered yet, in turn.
  const others = await tx
    .selectDistinct({ id: students.id, born: students.dateOfBirth, lastName: students.lastName })
    .from(classSessionEnrollments)
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .where(eq(classSessionEnrollments.status, 'Enrolled'))
    .orderBy(students.lastName, students.id);
  const mine = new Set(kids.map((k) => k.id));
  const profiles: Array<typeof healthProfiles.$inferInsert> = [];
  others
    .filter((c) => !mine.has(c.id))
    .forEach((child, i) => {
      if (i % 3 === 2) return;
      doses.push(...dosesOf(child.id, child.born, age(child.born)));
      profiles.push({
        studentId: child.id,
        physicalOn: i % 3 === 0 ? addDays(today, -60 - (i % 90)) : null,
      });
    });
  if (profiles.length > 0) await tx.insert(healthProfiles).values(profiles);
  for (let i = 0; i < doses.length; i += 500)
    await tx.insert(immunizationDoses).values(doses.slice(i, i + 500));
}

/**
 * Maya's physical exam form as her parent uploaded it the week of the exam (a PDF in the file storage under
 * `health/`, opened through signed links), checked by the director the next morning; it counts until the
 * physical runs out (12 months).
 */
async function insertMayaExamForm(
  tx: Tx,
  examOn: string,
  maya: { id: string; born: string },
  demoParentEmail: string,
  directorEmail: string,
  files: DemoFiles,
) {
  const people = await tx
    .select({ id: users.id, email: users.emailAddress })
    .from(users)
    .where(inArray(users.emailAddress, [demoParentEmail, directorEmail]));
  const parent = people.find((p) => p.email === demoParentEmail);
  const director = people.find((p) => p.email === directorEmail);
  const pdf = await physicalExamPdf('Maya Avery', maya.born, examOn, 'Dr. Priya Raman');
  const key = `${HEALTH_FILES}/${randomBytes(16).toString('hex')}.pdf`;
  await files.put(key, pdf, 'application/pdf');
  await tx.insert(healthDocuments).values({
    studentId: maya.id,
    kind: 'PhysicalExamForm',
    storageKey: key,
    fileName: 'Maya Avery physical exam.pdf',
    contentType: 'application/pdf',
    bytes: pdf.length,
    expiresOn: addDays(examOn, 365),
    uploadedBy: parent?.id ?? null,
    checkedBy: director?.id ?? null,
    checkedAt: director ? atCenterTime(addDays(examOn, 3), '08:40') : null,
    created: atCenterTime(addDays(examOn, 2), '19:15'),
  });
}
