/**
 * The emails and text messages a family receives, in the family's language (issue 14, decision 015): for each
 * kind, a Spanish-speaking family (`users.language` 'es', set through `PUT /api/UserAuthentication/Language`)
 * receives it in Spanish — subject, a characteristic sentence, dates and amounts written the US Spanish way —
 * while an English-speaking family receives the same words as always. Who reads which language:
 * - a mail to several parents of one family: each parent their own (a withdrawal, joining, leaving);
 * - a co-parent invitation (the address may have no account): the inviting parent's;
 * - a pickup pass sent to a contact (no account): the parent who issues the pass;
 * - an announcement to a contact: the family's first parent; the announcement's own words stay as written;
 * - the center's copies stay English.
 * Flows go through the real API. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classSessionEnrollments, mailOutbox, users } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
const NOW = '2026-11-20T18:00:00Z';
const PASSWORD = 'a good long password';

describe.each(dbKinds)('family mails in the family’s language on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let admin: string;
  let director: Family;
  let keySeq = 0;
  const key = () => `mail-language-${kind}-${++keySeq}-${Date.now()}`;

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  /** A family (signed in) whose account reads `language`. */
  const family = async (name: string, children: number, language: 'en' | 'es') => {
    const f = await a.family(name, children);
    if (language === 'es') {
      const res = await call(f.token, 'PUT', '/api/UserAuthentication/Language', { language });
      expect(res.statusCode).toBe(204);
    }
    return f;
  };
  /** Enroll the family's children in `sessionId` and pay through the test checkout; the payment's id. */
  const enrollAndPay = async (f: Family, sessionId: number, studentIds = f.childIds) => {
    const res = await a.enroll(f, sessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    expect((await a.press(res.json().checkoutId, 'pay')).statusCode).toBeLessThan(400);
    return res.json().id as string;
  };
  /** The one queued mail to `to` whose subject is `subject` (it must exist). */
  const queued = async (to: string, subject: string) => {
    const rows = await t.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)));
    expect(rows, `a mail to ${to}: ${subject}`).toHaveLength(1);
    return rows[0]!;
  };
  /** Subjects of the mails queued to `to`. */
  const subjectsTo = async (to: string) =>
    (
      await t.database.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
    )
      .map((m) => m.subject)
      .sort();
  /** Mails actually sent (written to the mail folder) to `to`. */
  const sentTo = async (to: string) => {
    await t.flush();
    return (await t.mails()).filter((m) => m.to === to);
  };
  const smsLog = async () =>
    (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string });
  const addContact = async (f: Family, firstName: string, email: string, extra: object = {}) => {
    const res = await call(f.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Vega',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: email,
      canPickup: true,
      studentIds: f.childIds,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const issuePass = async (f: Family, trusteeId: string, pin = '4321') => {
    const res = await call(f.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, { pin });
    expect(res.statusCode, res.body).toBe(201);
  };
  /** `inviter` invites `invited`, who accepts: one shared family. */
  const share = async (inviter: Family, invited: Family) => {
    const res = await call(inviter.token, 'POST', '/api/Family/Invitations', { emailAddress: invited.email });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, invited.email), like(mailOutbox.text, '%/dashboard/family/join/%')));
    const token = /\/dashboard\/family\/join\/([A-Za-z0-9_-]{20,})/.exec(mail!.text)![1]!;
    const accepted = await call(invited.token, 'POST', '/api/Family/Invitation/Accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
  };

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, {
      clock,
      env: {
        SIGNUP_RATE_LIMIT: '10000',
        FORM_RATE_LIMIT: '1000',
        APP_URL: 'https://portal.brightoak.example',
      },
    });
    a = api(t);
    director = await a.promote('Director', 'Admin');
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    clock.set(NOW);
    // A test that moved the clock days ahead let the background round prune the director's expired
    // session (decision 016): sign in afresh at NOW, as a director would the next morning.
    await a.signIn(director);
    admin = director.token;
  });

  it('the enrollment receipt: Spanish lines, total and discount for a Spanish family; English unchanged', async () => {
    const room = await a.session({
      name: 'Heron Room',
      rosterSize: 10,
      siblingDiscountType: 'Percent',
      siblingDiscountValue: 10,
    });
    const garcia = await family('Garcia', 2, 'es');
    const smith = await family('Smith', 1, 'en');
    await enrollAndPay(garcia, room);
    await enrollAndPay(smith, room);

    const spanish = await queued(garcia.email, 'Inscripción confirmada: Heron Room');
    expect(spanish.text).toContain('Hola, Garcia:');
    expect(spanish.text).toContain(
      'Las inscripciones de Ava y Ben en Heron Room están confirmadas. ¡Nos da mucho gusto que se unan a nosotros!',
    );
    expect(spanish.text).toContain(
      [
        'Lo que usted pagó:',
        '  Heron Room — costo de inscripción × 2: $1,000.00',
        '  Heron Room — cuota de materiales × 2: $100.00',
        '  Descuento por hermanos (10% de descuento para un hermano o hermana): -$50.00',
        '  Total pagado: $1,050.00',
      ].join('\n'),
    );
    expect(spanish.text).toContain('Con el descuento por hermanos se ahorró $50.00.');
    expect(spanish.text).toContain(
      'Los avisos y los materiales de la clase aparecerán en su Portal de familias: https://portal.brightoak.example/',
    );
    expect(spanish.text).toMatch(/— El equipo de Bright Oak Learning Center\n$/);
    expect(spanish.text).not.toMatch(/What you paid|registration|Hi /);

    const english = await queued(smith.email, 'You’re enrolled: Heron Room');
    expect(english.text).toContain(
      'Hi Smith,\n\nAva is enrolled in Heron Room. We’re so glad you’re joining us!',
    );
    expect(english.text).toContain(
      'What you paid:\n  Heron Room — registration × 1: $500.00\n  Heron Room — supply fee × 1: $50.00\n  Total: $550.00',
    );
    expect(english.text).toMatch(/— The Bright Oak Learning Center team\n$/);
  });

  it('a payment refunded because its seat was gone, in Spanish', async () => {
    const room = await a.session({ name: 'Wren Room', rosterSize: 1 });
    const late = await family('Lopez', 1, 'es');
    const quick = await family('Kim', 1, 'en');
    const latePayment = (await a.enroll(late, room)).json();
    clock.advanceMinutes(31);
    const quickPayment = (await a.enroll(quick, room)).json();
    await a.press(latePayment.checkoutId, 'pay');
    await a.press(quickPayment.checkoutId, 'pay');
    const mail = await queued(late.email, 'Le estamos reembolsando su pago de Wren Room');
    expect(mail.text).toContain(
      'le reembolsamos $550.00 a su tarjeta; normalmente aparece en un plazo de 5 a 10',
    );
    expect(mail.text).toContain('Puede anotarse en la lista de espera desde la página de la sesión');
    expect(await subjectsTo(quick.email)).toContain('You’re enrolled: Wren Room');
  });

  it('a waitlist seat offered, lapsed, and a place ended by the office, each in the family’s language', async () => {
    const room = await a.session({ name: 'Finch Room', rosterSize: 1 });
    const first = await family('Brown', 1, 'en');
    await enrollAndPay(first, room);
    const ruiz = await family('Ruiz', 1, 'es');
    const jones = await family('Jones', 1, 'en');
    expect((await a.joinWaitlist(ruiz, room)).statusCode).toBe(201);
    clock.advanceMinutes(1);
    expect((await a.joinWaitlist(jones, room)).statusCode).toBe(201);

    // The office withdraws the first child (English mail); the seat is offered to the Ruiz family.
    const withdrawn = await call(admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
      studentId: first.childIds[0],
      reason: 'Moving to Oregon',
      familyMessage: 'Good luck in Oregon!',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const english = await queued(first.email, 'Ava has been withdrawn from Finch Room');
    // The internal note stays in the office (decision 018); the message to the family is quoted as typed.
    expect(english.text).toContain(
      'Ava is no longer enrolled in Finch Room.\n\nA message from the center:\n\nGood luck in Oregon!',
    );
    expect(english.text).not.toContain('Moving to Oregon');
    const offer = await queued(ruiz.email, 'Hay un lugar para Ava en Finch Room');
    expect(offer.text).toContain(
      '¡Buenas noticias! Se abrió un lugar en Finch Room y Ava es quien sigue en la lista de espera. Se lo guardamos hasta el domingo, 22 de noviembre, 10:01 a.m.',
    );
    expect(offer.text).toContain(
      'Para aceptarlo, haga la inscripción y el pago aquí: https://portal.brightoak.example/',
    );

    // Two days later the offer lapses (Spanish) and passes to the Jones family (English, as always).
    clock.set('2026-11-22T18:05:00Z');
    await t.flush();
    const lapsed = await queued(
      ruiz.email,
      'El lugar que le guardamos en Finch Room pasó a la siguiente familia',
    );
    expect(lapsed.text).toContain(
      'pero no se tomó a tiempo, así que pasó a la siguiente familia de la lista de espera.',
    );
    const next = await queued(jones.email, 'A seat opened for Ava in Finch Room');
    expect(next.text).toContain(
      'Good news: a seat opened up in Finch Room, and Ava is next on the waitlist. We are saving it until Tuesday, November 24 at 10:05 AM.',
    );

    // The Ruiz family waits again; the office ends the place (Spanish).
    await a.signIn(ruiz);
    expect((await a.joinWaitlist(ruiz, room)).statusCode).toBe(201);
    const office = (await a.promote('Director', 'Admin')).token;
    const removed = await call(office, 'POST', `/api/staff/sessions/${room}/waitlist/${ruiz.childIds[0]}`, {
      action: 'remove',
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const ended = await queued(ruiz.email, 'Ava ya no está en la lista de espera de Finch Room');
    expect(ended.text).toContain('Nuestra oficina quitó a Ava de la lista de espera de Finch Room');
  });

  it('the office refunds, moves and enrolls by hand: Spanish for a Spanish family, English unchanged', async () => {
    const room = await a.session({ name: 'Otter Room', rosterSize: 5 });
    const other = await a.session({ name: 'Badger Room', rosterSize: 5 });
    const diaz = await family('Diaz', 1, 'es');
    const lee = await family('Lee', 1, 'en');
    const diazPayment = await enrollAndPay(diaz, room);
    const leePayment = await enrollAndPay(lee, room);
    for (const paymentId of [diazPayment, leePayment]) {
      const res = await call(admin, 'POST', `/api/staff/payments/${paymentId}/refunds`, {
        amount: 20_000,
        reason: 'Missed two weeks',
        idempotencyKey: key(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refund = await queued(diaz.email, 'Le reembolsamos $200.00 de Otter Room');
    expect(refund.text).toContain(
      'Le reembolsamos $200.00 de Otter Room a la tarjeta con la que pagó. Normalmente aparece en un plazo de 5 a 10 días hábiles.',
    );
    expect(refund.text).toContain('Puede verlo en su página de Pagos: https://portal.brightoak.example/');
    const englishRefund = await queued(lee.email, 'We’ve refunded $200.00 for Otter Room');
    expect(englishRefund.text).toContain(
      'to the card you paid with. It usually appears within 5–10 business days.',
    );

    const moved = await call(admin, 'POST', `/api/staff/sessions/${room}/move`, {
      studentId: diaz.childIds[0],
      toClassSessionId: other,
      reason: 'Afternoons suit better',
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    const move = await queued(diaz.email, 'Ava ahora está en Badger Room');
    expect(move.text).toContain(
      'Ava pasó de Otter Room a Badger Room. Su pago se mantiene: no tiene que pagar ni hacer nada.',
    );

    const vargas = await family('Vargas', 1, 'es');
    const byHand = await call(admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
      studentId: vargas.childIds[0],
      amount: 125_050,
      note: 'Cheque #12',
    });
    expect(byHand.statusCode, byHand.body).toBe(201);
    const enrolled = await queued(vargas.email, 'Inscripción confirmada: Otter Room');
    expect(enrolled.text).toContain('La inscripción de Ava en Otter Room está confirmada.');
    expect(enrolled.text).toContain('Registramos su pago de $1,250.50 (Cheque #12).');

    // The office withdraws the child again: the message to the family as the office typed it, the rest in
    // Spanish; the internal note is never mailed (decision 018).
    const withdrawn = await call(admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
      studentId: vargas.childIds[0],
      reason: 'Family moving to Fresno',
      familyMessage: '¡Mucha suerte en Fresno!',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const gone = await queued(vargas.email, 'Baja de Ava en Otter Room');
    expect(gone.text).toContain(
      'Ava ya no tiene lugar en Otter Room.\n\nUn mensaje del centro:\n\n¡Mucha suerte en Fresno!',
    );
    expect(gone.text).not.toContain('Family moving to Fresno');
    expect(gone.text).toContain(
      'Si le corresponde un reembolso, recibirá otro correo cuando se haga efectivo.',
    );
  });

  it('co-parents in two languages: each reads the invitation, the withdrawal, the pass and the removal in theirs', async () => {
    const room = await a.session({ name: 'Robin Room', rosterSize: 5 });
    const paz = await family('Paz', 1, 'es');
    const quinn = await family('Quinn', 0, 'en');
    const rosa = await addContact(paz, 'Rosa', 'rosa.vega@families.example');

    // Paz (Spanish) invites Quinn, whose account reads English: the invitation is in the inviter's language.
    await share(paz, quinn);
    const invitation = await queued(
      quinn.email,
      'Paz Family quiere compartir con usted el portal de su familia en Bright Oak Learning Center',
    );
    expect(invitation.text).toMatch(
      /^Hola:\n\nPaz Family quiere compartir con usted el Portal de familias de Ava/,
    );
    expect(invitation.text).toContain('El enlace funciona una sola vez, durante 7 días.');
    const joinedEs = await queued(paz.email, 'Quinn Family se unió al portal de su familia');
    expect(joinedEs.text).toContain(
      'Quinn Family aceptó su invitación y ahora comparte el Portal de familias de Ava',
    );
    const joinedEn = await queued(quinn.email, 'You now share your family’s portal');
    expect(joinedEn.text).toContain('Hi Quinn,\n\nYou now share the Student Portal for Ava.');

    // Paz pays; Quinn withdraws the child in the portal: each parent in their language, the center in English.
    await enrollAndPay(paz, room);
    const [place] = await t.database.db
      .select({ id: classSessionEnrollments.id })
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.studentId, paz.childIds[0]!));
    const quote = await call(quinn.token, 'GET', `/api/ClassSessionEnrollment/${place!.id}/Withdrawal`);
    expect(quote.statusCode, quote.body).toBe(200);
    const res = await call(quinn.token, 'POST', `/api/ClassSessionEnrollment/${place!.id}/Withdraw`, {
      expectedRefund: quote.json().refund,
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const withdrewEs = await queued(paz.email, 'Baja de Ava en Robin Room');
    expect(withdrewEs.text).toContain(
      'Quinn Family dio de baja a Ava de Robin Room en el Portal de familias el viernes, 20 de noviembre de 2026.',
    );
    expect(withdrewEs.text).toContain(
      'Le estamos reembolsando $550.00 ($500.00 de la inscripción y $50.00 de la cuota de materiales) a la tarjeta con la que pagó.',
    );
    const withdrewEn = await queued(quinn.email, 'Ava is withdrawn from Robin Room');
    expect(withdrewEn.text).toContain(
      'Quinn Family withdrew Ava from Robin Room in the Student Portal on Friday, November 20, 2026.',
    );
    expect(withdrewEn.text).toContain(
      'We are refunding $550.00 ($500.00 of the registration and the $50.00 supply fee) to the card you paid with.',
    );
    expect(await subjectsTo(t.config.centerEmail)).toContain('Withdrawal: Ava Paz from Robin Room');

    // The shared contact's pass: in the language of the parent who issues it.
    await issuePass(quinn, rosa);
    const passEn = await queued(
      'rosa.vega@families.example',
      'Your pickup pass for Ava at Bright Oak Learning Center',
    );
    expect(passEn.text).toContain('Quinn has given you a pickup pass for Ava at Bright Oak Learning Center.');
    expect(passEn.text).toContain('The pass works until November 20, 2027.');
    await issuePass(paz, rosa);
    const passEs = await queued(
      'rosa.vega@families.example',
      'Su pase para recoger a Ava en Bright Oak Learning Center',
    );
    expect(passEs.text).toMatch(
      /^Hola, Rosa:\n\nPaz le dio un pase para recoger a Ava en Bright Oak Learning Center\./,
    );
    expect(passEs.text).toContain('El pase funciona hasta el 20 de noviembre de 2027.');
    expect(passEs.text).toContain('también se le pedirá el PIN que la familia acordó con usted');

    // The director removes Quinn: Quinn in English, Paz in Spanish.
    const removed = await call(admin, 'POST', `/api/staff/families/${quinn.userId}/remove-from-family`);
    expect(removed.statusCode, removed.body).toBe(204);
    const leftEn = await queued(quinn.email, 'You no longer share the family’s portal');
    expect(leftEn.text).toContain(
      'At your family’s request, we have removed your account from the family’s Student Portal.',
    );
    const leftEs = await queued(paz.email, 'Quinn Family ya no comparte el portal de su familia');
    expect(leftEs.text).toContain(
      'A petición de su familia, quitamos a Quinn Family del Portal de familias que compartían.',
    );
    expect(leftEs.text).toContain('Si esto no es lo que esperaba, llámenos por favor al (650) 555-0148.');
  });

  it('an English inviter writes in English; a parent who leaves and an account closed read their own language', async () => {
    const ursa = await family('Ursa', 1, 'en');
    const vero = await family('Vero', 0, 'es');
    await share(ursa, vero);
    const invitation = await queued(
      vero.email,
      'Ursa Family invited you to share your family’s portal at Bright Oak Learning Center',
    );
    expect(invitation.text).toMatch(
      /^Hello,\n\nUrsa Family would like to share Ava’s Student Portal with you/,
    );
    const joined = await queued(vero.email, 'Ahora comparte el portal de su familia');
    expect(joined.text).toContain(
      'Ahora comparte el Portal de familias de Ava. Encontrará todo en la página principal',
    );

    // Ursa closes the account: the closure in English, the notice to Vero in Spanish (both sent directly).
    const closed = await call(ursa.token, 'POST', '/api/Family/Close', { password: PASSWORD });
    expect(closed.statusCode, closed.body).toBe(204);
    const closureEn = (await sentTo(ursa.email)).find((m) => m.subject.includes('account is closed'));
    expect(closureEn?.subject).toBe('Your Bright Oak Learning Center account is closed');
    expect(closureEn?.text).toMatch(/^Hello,\n\nAs you asked, we have closed your family’s account/);
    const notice = (await sentTo(vero.email)).find(
      (m) => m.subject === 'Se cerró la cuenta de otro padre o madre de su familia',
    );
    expect(notice?.text).toContain(
      'Hola, Vero:\n\nEl otro padre o madre con quien compartía el Portal de familias',
    );

    // Vero, now alone, closes too: in Spanish.
    const again = await call(vero.token, 'POST', '/api/Family/Close', { password: PASSWORD });
    expect(again.statusCode, again.body).toBe(204);
    const closureEs = (await sentTo(vero.email)).find(
      (m) => m.subject === 'Su cuenta de Bright Oak Learning Center está cerrada',
    );
    expect(closureEs?.text).toContain(
      'Como nos pidió, cerramos la cuenta de su familia y borramos sus datos',
    );
    expect(closureEs?.text).toContain('Gracias por el tiempo que su familia pasó con nosotros.');
  });

  it('a parent who leaves the family reads it in their language', async () => {
    const owen = await family('Owen', 1, 'en');
    const sol = await family('Sol', 0, 'es');
    await share(owen, sol);
    expect((await call(sol.token, 'POST', '/api/Family/Leave')).statusCode).toBe(200);
    const leftEs = await queued(sol.email, 'Ya no comparte el portal de la familia');
    expect(leftEs.text).toContain('Hola, Sol:\n\nUsted salió del Portal de familias que compartía.');
    const leftEn = await queued(owen.email, 'Sol Family no longer shares your family’s portal');
    expect(leftEn.text).toContain('Sol Family has left the family’s Student Portal.');
  });

  it('the door: a Spanish parent’s email and text in Spanish, an English parent’s unchanged', async () => {
    const room = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 6 });
    const mora = await family('Mora', 1, 'es');
    const kent = await family('Kent', 1, 'en');
    await enrollAndPay(mora, room);
    await enrollAndPay(kent, room);
    const tablet = await call(admin, 'POST', '/api/staff/kiosks', { name: 'Front door' });
    expect(tablet.statusCode).toBe(201);
    const kiosk = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Kiosk ${tablet.json().token}` },
      });
    const codeOf = async (f: Family, trusteeId: string) => {
      await issuePass(f, trusteeId);
      return (await call(f.token, 'GET', `/api/Student/Trustees/${trusteeId}/Pass/Card`)).json()
        .code as string;
    };
    const moraCode = await codeOf(mora, await addContact(mora, 'Rosa', 'rosa.mora@families.example'));
    const kentCode = await codeOf(kent, await addContact(kent, 'Ruth', 'ruth.kent@families.example'));
    const children = (f: Family) => [{ studentId: f.childIds[0], classSessionId: room }];

    expect(
      (await kiosk('/api/kiosk/check-in', { code: moraCode, children: children(mora) })).statusCode,
    ).toBe(200);
    expect(
      (await kiosk('/api/kiosk/check-in', { code: kentCode, children: children(kent) })).statusCode,
    ).toBe(200);
    const arrived = await queued(mora.email, 'Ava llegó a Acorn Room');
    expect(arrived.text).toContain(
      'Hola, Mora:\n\nRosa Vega dejó a Ava en Acorn Room. Hora de llegada: 10:00 a.m.',
    );
    expect(arrived.text).toContain(
      'Puede ver todas las llegadas y salidas en el portal: https://portal.brightoak.example/',
    );
    const english = await queued(kent.email, 'Ava has arrived at Acorn Room');
    expect(english.text).toContain('Ava was checked in to Acorn Room at 10:00 AM by Ruth Vega.');

    // The Moras now choose texts: the pickup is a Spanish text message.
    await t.database.db.update(users).set({ sms: '+14155550177' }).where(eq(users.id, mora.userId));
    clock.advanceMinutes(150);
    const out = await kiosk('/api/kiosk/check-out', {
      code: moraCode,
      children: children(mora),
      pin: '4321',
    });
    expect(out.statusCode, out.body).toBe(200);
    await t.flush();
    const text = (await smsLog()).filter((m) => m.to === '+14155550177');
    expect(text.map((m) => m.body)).toEqual(['Bright Oak: Rosa Vega recogió a Ava (12:30 p.m.).']);
    expect(await subjectsTo(mora.email)).not.toContain('Ya recogieron a Ava de Acorn Room');
  });

  it('announcements: the staff’s words as written, the sign-off in each reader’s language', async () => {
    const room = await a.session({ name: 'Maple Room', rosterSize: 6 });
    const nunez = await family('Nunez', 1, 'es');
    const park = await family('Park', 1, 'en');
    await addContact(nunez, 'Elena', 'elena.nunez@families.example', { receiveEmail: true });
    await enrollAndPay(nunez, room);
    await enrollAndPay(park, room);

    const posted = await call(admin, 'POST', '/api/Announcement', {
      classSessionIds: [room],
      announcement: {
        title: 'Pajama day',
        webMessage: 'Come in pajamas',
        emailMessage: 'Friday is pajama day.',
        sendEmail: true,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const spanishSignOff = 'Friday is pajama day.\n\n— El equipo de Bright Oak Learning Center\n';
    expect((await queued(nunez.email, 'Pajama day')).text).toBe(spanishSignOff);
    // The contact has no account: the family's first parent's language.
    expect((await queued('elena.nunez@families.example', 'Pajama day')).text).toBe(spanishSignOff);
    expect((await queued(park.email, 'Pajama day')).text).toBe(
      'Friday is pajama day.\n\n— The Bright Oak Learning Center team\n',
    );

    // Sent now from the staff's compose page: the same.
    const composed = await call(admin, 'POST', '/api/staff/announcements', {
      classSessionIds: [room],
      title: 'Picture day',
      category: 'Events',
      priority: 1,
      webMessage: '<p>Smile!</p>',
      emailMessage: 'Picture day is Monday.',
      smsMessage: 'Picture day is Monday!',
      sendAt: null,
    });
    expect(composed.statusCode, composed.body).toBe(201);
    expect((await queued(nunez.email, 'Picture day')).text).toBe(
      'Picture day is Monday.\n\n— El equipo de Bright Oak Learning Center\n',
    );
    expect((await queued(park.email, 'Picture day')).text).toBe(
      'Picture day is Monday.\n\n— The Bright Oak Learning Center team\n',
    );
  });
});
