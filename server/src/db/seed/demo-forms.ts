/**
 * Demo content for the forms families sign (issue 26, part 2; decision 036), on the Morning Program: the
 * enrollment agreement at version 2 (Jordan Avery signed version 1 for Maya, so Maya's reads "needs your
 * signature again" since version 2 was published two days ago), the medical authorization Jordan signed for
 * Maya (with her asthma inhaler and fever medicine, which the medication log's doses are given under), the photo release Jordan signed for Maya (yes, as her photo consent says) and a field trip permission
 * still unsigned. The signatures are made like the portal makes them (lib/e-signature.ts): the canonical
 * document, its SHA-256 and, when `files` is given, the signed PDF in the file storage.
 */
import { randomBytes } from 'node:crypto';
import type { FormContent, FormField } from '@lc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { signedFormPdf } from '../../features/signed-forms/pdf.ts';
import { canonicalDocument, captureSignature } from '../../lib/e-signature.ts';
import type { Tx } from '../client.ts';
import {
  classSections,
  formSignatures,
  forms,
  formVersions,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { addDays } from './demo-dates.ts';
import type { DemoFiles } from './demo-day-feed.ts';

const CENTER = 'Bright Oak Learning Center';
const AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const yesNo = (key: string, en: string, es: string): FormField => ({
  key,
  type: 'YesNo',
  labelEn: en,
  labelEs: es,
  required: true,
});

const agreementBody = (hours: string, horas: string) => ({
  bodyEn: `<p>This agreement is between Bright Oak Learning Center and the family of the child named below for the Morning Program.</p><ul><li>Hours: Monday to Friday, ${hours}. Please arrive by 8:45 so your child can settle in before circle time.</li><li>Tuition is due as shown in your portal’s Billing page; a late fee applies after the fifth day of the month.</li><li>Children who are unwell stay home until they have been free of fever for 24 hours without medicine.</li><li>Either side may end this agreement with two weeks’ written notice; the refund follows the session’s withdrawal policy.</li></ul><p>By signing, you confirm you have read the center’s policies and the family handbook.</p>`,
  bodyEs: `<p>Este acuerdo es entre Bright Oak Learning Center y la familia del niño o niña nombrado abajo para el Programa de la Mañana.</p><ul><li>Horario: de lunes a viernes, ${horas}. Por favor, lleguen antes de las 8:45 para que su hijo o hija se acomode antes del círculo.</li><li>La colegiatura vence como se muestra en la página de Pagos de su portal; se cobra un recargo después del quinto día del mes.</li><li>Los niños enfermos se quedan en casa hasta pasar 24 horas sin fiebre sin medicina.</li><li>Cualquiera de las partes puede terminar este acuerdo con dos semanas de aviso por escrito; el reembolso sigue la política de retiro de la sesión.</li></ul><p>Al firmar, confirma que leyó las normas del centro y el manual para familias.</p>`,
});

/** Insert the demo forms and Jordan's signatures. `today` is the center's date. */
export async function insertDemoForms(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  directorEmail: string,
  files?: DemoFiles,
): Promise<void> {
  const [program] = await tx
    .select({ id: classSections.id })
    .from(classSections)
    .where(sql`${classSections.name} like 'Morning Program%'`);
  const [parent] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.emailAddress, demoParentEmail));
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));
  const [maya] = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .where(and(eq(userStudents.userId, parent?.id ?? sql`null`), eq(students.firstName, 'Maya')));
  if (!program || !parent || !director || !maya) return;
  const at = (days: number, hour: number) =>
    new Date(`${addDays(today, days)}T${String(hour).padStart(2, '0')}:00:00Z`);

  const base = { programId: program.id, scope: 'Child' as const };
  const agreementV1: FormContent = {
    ...base,
    kind: 'EnrollmentAgreement',
    // Asked beside the enrollment rather than blocking it in the demo: the browser tests enroll new families
    // in the demo's sessions; blocking is tested on forms of their own.
    requirement: 'Warning',
    titleEn: 'Enrollment agreement',
    titleEs: 'Acuerdo de inscripción',
    ...agreementBody('8:30 am to 12:30 pm', '8:30 a. m. a 12:30 p. m.'),
    fields: [
      yesNo('f-handbook', 'I have read the family handbook.', 'Leí el manual para familias.'),
      {
        key: 'f-pickup',
        type: 'Choice',
        labelEn: 'Usual pickup time',
        labelEs: 'Hora habitual de recogida',
        required: true,
        choices: [
          { labelEn: '12:30 pm, after the morning', labelEs: '12:30 p. m., después de la mañana' },
          {
            labelEn: '3:00 pm, with Afternoon Enrichment',
            labelEs: '3:00 p. m., con el Enriquecimiento de la tarde',
          },
        ],
      },
    ],
  };
  const agreementV2: FormContent = {
    ...agreementV1,
    ...agreementBody(
      '8:15 am to 12:30 pm (early drop-off from 8:15 starting in January)',
      '8:15 a. m. a 12:30 p. m. (entrada temprana desde las 8:15 a partir de enero)',
    ),
  };
  const medical: FormContent = {
    ...base,
    kind: 'MedicalAuthorization',
    requirement: 'Warning',
    titleEn: 'Medical authorization',
    titleEs: 'Autorización médica',
    bodyEn:
      '<p>In an emergency, if we cannot reach you, you authorize Bright Oak Learning Center to call 911 and to have your child taken to the nearest hospital and given the care a doctor finds necessary. We will keep trying to reach you and your emergency contacts the whole time.</p>',
    bodyEs:
      '<p>En una emergencia, si no podemos comunicarnos con usted, autoriza a Bright Oak Learning Center a llamar al 911, a que lleven a su hijo o hija al hospital más cercano y a que reciba la atención que un médico considere necesaria. Seguiremos intentando comunicarnos con usted y con sus contactos de emergencia todo el tiempo.</p>',
    fields: [
      {
        key: 'f-doctor',
        type: 'ShortText',
        labelEn: 'Child’s doctor and phone number',
        labelEs: 'Médico del niño o niña y su teléfono',
        required: true,
      },
      {
        key: 'f-insurance',
        type: 'ShortText',
        labelEn: 'Health insurance and member number',
        labelEs: 'Seguro médico y número de afiliado',
        required: false,
      },
      {
        key: 'f-conditions',
        type: 'LongText',
        labelEn: 'Conditions or medicines we should know about',
        labelEs: 'Condiciones o medicinas que debemos conocer',
        required: false,
      },
    ],
  };
  const photo: FormContent = {
    ...base,
    kind: 'PhotoRelease',
    requirement: 'Optional',
    titleEn: 'Photo release',
    titleEs: 'Autorización de fotos',
    bodyEn:
      '<p>Teachers share photos of the day in the portal. Your child’s own family always sees photos of your child. With your yes, other families of the class may see class photos your child is in. We never put children’s photos on our website or social media without asking you again.</p>',
    bodyEs:
      '<p>Las maestras comparten fotos del día en el portal. Su familia siempre ve las fotos de su hijo o hija. Si dice que sí, otras familias de la clase pueden ver las fotos de la clase en las que aparece. Nunca publicamos fotos de niños en nuestro sitio web ni en redes sociales sin volver a preguntarle.</p>',
    fields: [
      yesNo(
        'f-share',
        'May other families of the class see photos your child is in?',
        '¿Pueden otras familias de la clase ver las fotos en las que aparece su hijo o hija?',
      ),
    ],
  };
  const trip: FormContent = {
    ...base,
    kind: 'FieldTripPermission',
    requirement: 'Warning',
    titleEn: 'Field trip permission: Filoli gardens',
    titleEs: 'Permiso de excursión: jardines de Filoli',
    bodyEn: `<p>On ${addDays(today, 16)} the Morning Program walks the Filoli gardens in Woodside. We travel by chartered school bus with seat belts, leave at 9:00 and are back by 12:15. Two teachers and four parent volunteers come along.</p>`,
    bodyEs: `<p>El ${addDays(today, 16)} el Programa de la Mañana visita los jardines de Filoli en Woodside. Viajamos en un autobús escolar contratado con cinturones, salimos a las 9:00 y regresamos antes de las 12:15. Van dos maestras y cuatro madres o padres voluntarios.</p>`,
    fields: [
      yesNo('f-trip', 'My child may go on this trip.', 'Mi hijo o hija puede ir a esta excursión.'),
      {
        key: 'f-volunteer',
        type: 'YesNo',
        labelEn: 'I can volunteer as a chaperone.',
        labelEs: 'Puedo ir como acompañante voluntario.',
        required: false,
      },
    ],
  };

  /** A form with its versions (each published `days` ago). */
  const form = async (versions: Array<[FormContent, number]>) => {
    const last = versions.at(-1)!;
    const [row] = await tx
      .insert(forms)
      .values({
        classSectionId: program.id,
        kind: last[0].kind,
        draft: last[0],
        currentVersion: versions.length,
        hasDraft: false,
        created: at(versions[0]![1], 17),
        updated: at(last[1], 17),
      })
      .returning({ id: forms.id });
    const ids = await tx
      .insert(formVersions)
      .values(
        versions.map(([content, days], i) => ({
          formId: row!.id,
          version: i + 1,
          content,
          publishedBy: director.id,
          publishedAt: at(days, 17),
        })),
      )
      .returning({ id: formVersions.id, version: formVersions.version });
    return { id: row!.id, versions: ids.sort((a, b) => a.version - b.version) };
  };

  /** Jordan's signature of `version` for Maya, as the portal makes it. */
  const sign = async (
    f: { id: string; versions: { id: string; version: number }[] },
    content: FormContent,
    version: number,
    answers: Record<string, string | boolean>,
    signedAt: Date,
  ) => {
    const fieldsSigned = content.fields.map((field) => ({
      key: field.key,
      type: field.type,
      label: field.labelEn,
      answer:
        field.type === 'Choice' && typeof answers[field.key] === 'string'
          ? field.choices![Number(answers[field.key])]!.labelEn
          : (answers[field.key] ?? null),
    }));
    const request = { ip: '203.0.113.24', userAgent: AGENT };
    const document = canonicalDocument({
      center: CENTER,
      form: { id: f.id, version, kind: content.kind, scope: content.scope },
      language: 'en',
      title: content.titleEn,
      text: content.bodyEn,
      child: { id: maya.id, name: `${maya.firstName} ${maya.lastName}` },
      answers: fieldsSigned,
      signer: { accountId: parent.id, name: `${parent.firstName} ${parent.lastName}` },
      signedAt: signedAt.toISOString(),
      ipAddress: request.ip,
      userAgent: request.userAgent,
      consentVersion: 'esign-2026-12',
    });
    const captured = captureSignature({
      document,
      consent: true,
      signerName: `${parent.firstName} ${parent.lastName}`,
      signer: parent,
      request,
      at: signedAt,
    });
    if (typeof captured === 'string') return;
    const pdfKey = `signed-forms/${randomBytes(16).toString('hex')}.pdf`;
    if (files)
      await files.put(
        pdfKey,
        await signedFormPdf({
          centerName: CENTER,
          title: content.titleEn,
          version,
          childName: `${maya.firstName} ${maya.lastName}`,
          body: content.bodyEn,
          answers: fieldsSigned.map((x) => ({ label: x.label, answer: x.answer })),
          signerName: captured.signerName,
          signerUserId: parent.id,
          signedAt,
          ipAddress: captured.ipAddress,
          userAgent: captured.userAgent,
          consentVersion: captured.consentVersion,
          sha256: captured.sha256,
          timeZone: 'America/Los_Angeles',
          language: 'en',
        }),
        'application/pdf',
      );
    await tx.insert(formSignatures).values({
      formId: f.id,
      formVersionId: f.versions.find((v) => v.version === version)!.id,
      version,
      studentId: maya.id,
      ...captured,
      language: 'en',
      pdfKey,
    });
  };

  const agreement = await form([
    [agreementV1, -40],
    [agreementV2, -2],
  ]);
  await sign(agreement, agreementV1, 1, { 'f-handbook': true, 'f-pickup': '0' }, at(-20, 16));
  const medicalForm = await form([[medical, -40]]);
  // Maya's medication authorization (decision 040): the demo's medication log is given under it.
  await sign(
    medicalForm,
    medical,
    1,
    {
      'f-doctor': 'Dr. Priya Raman, Sequoia Pediatrics, (650) 555-0190',
      'f-insurance': 'Blue Shield PPO, member XKB 448 201 7',
      'f-conditions':
        'Mild asthma: albuterol inhaler, 2 puffs when she wheezes or coughs after running, at most every 4 hours. Children’s Tylenol 5 ml for a fever over 101°F, after calling us.',
    },
    at(-18, 16),
  );
  const release = await form([[photo, -40]]);
  await sign(release, photo, 1, { 'f-share': true }, at(-20, 16));
  await form([[trip, -5]]);
}
