/**
 * The demo's medication log (issue 26; decision 040) in the bridge session (demo-door.ts): the teacher gave
 * Maya her asthma inhaler on the last two weekdays before today, under the medical authorization Jordan signed
 * (demo-forms.ts), so the portal's log, the session's medication page and the inspector's records show doses.
 * Nothing when the bridge session, Maya, the teacher or the signature is missing.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  classSessions,
  formSignatures,
  forms,
  medicationDoses,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { addDays } from './demo-dates.ts';

const TIME_ZONE = 'America/Los_Angeles';
const at = (day: string, time: string) => new Date(wallTimeToInstant(`${day}T${time}`, TIME_ZONE)!);

/** The `count` weekdays before `today` (ISO days), the nearest first. */
function weekdaysBefore(today: string, count: number): string[] {
  const out: string[] = [];
  for (let back = 1; out.length < count; back++) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(day);
  }
  return out;
}

/** Insert the demo's doses (see the module comment). */
export async function insertDemoMedication(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  teacherEmail: string,
): Promise<void> {
  const [bridge] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.name, 'Late Fall Bridge Weeks'));
  const [teacher] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.emailAddress, teacherEmail));
  const [maya] = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(and(eq(users.emailAddress, demoParentEmail), eq(students.firstName, 'Maya')));
  if (!bridge || !teacher || !maya) return;
  const [signature] = await tx
    .select({
      id: formSignatures.id,
      version: formSignatures.version,
      signerName: formSignatures.signerName,
      signedAt: formSignatures.signedAt,
    })
    .from(formSignatures)
    .innerJoin(forms, eq(forms.id, formSignatures.formId))
    .where(and(eq(formSignatures.studentId, maya.id), eq(forms.kind, 'MedicalAuthorization')))
    .orderBy(sql`${formSignatures.signedAt} desc`)
    .limit(1);
  if (!signature) return;
  const [yesterday, before] = weekdaysBefore(today, 2) as [string, string];
  const given = (day: string, time: string, note: string) => ({
    studentId: maya.id,
    childName: `${maya.firstName} ${maya.lastName}`,
    classSessionId: bridge.id,
    medication: 'Albuterol inhaler',
    dose: '2 puffs',
    givenAt: at(day, time),
    day,
    givenBy: teacher.id,
    givenByName: `${teacher.firstName} ${teacher.lastName}`,
    note,
    formSignatureId: signature.id,
    authorizationTitle: 'Medical authorization',
    authorizationVersion: signature.version,
    authorizedBy: signature.signerName,
    authorizedAt: signature.signedAt,
    created: at(day, time),
  });
  await tx
    .insert(medicationDoses)
    .values([
      given(
        before,
        '10:20',
        'She was coughing after tag on the playground; breathing easily again ten minutes later.',
      ),
      given(
        yesterday,
        '11:05',
        'A little wheezy after the nature walk. She rested with a book and was fine by snack.',
      ),
    ]);
}
