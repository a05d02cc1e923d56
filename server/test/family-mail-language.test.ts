/**
 * The emails a family receives about its places and money, in the family's language (issue 14, decision 015):
 * for each kind, a Spanish-speaking family (`users.language` 'es', set through
 * `PUT /api/UserAuthentication/Language`) receives it in Spanish — subject, a characteristic sentence, dates and
 * amounts written the US Spanish way — while an English-speaking family receives the same words as always: the
 * enrollment receipt, a refund for a seat that was gone, waitlist offers, and the office's refunds, moves and
 * enrollments by hand. Co-parents, contacts, the door and announcements are in
 * family-mail-language-contacts.test.ts, the shared set-up in support/family-mails.ts. Flows go through the
 * real API. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers.ts';
import { familyMails } from './support/family-mails.ts';

describe.each(dbKinds)('family mails in the family’s language on %s', (kind) => {
  const mailing = familyMails(kind);
  const { clock, key, call, family, enrollAndPay, queued, subjectsTo } = mailing;

  it('the enrollment receipt: Spanish lines, total and discount for a Spanish family; English unchanged', async () => {
    const room = await mailing.a.session({
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
    const room = await mailing.a.session({ name: 'Wren Room', rosterSize: 1 });
    const late = await family('Lopez', 1, 'es');
    const quick = await family('Kim', 1, 'en');
    const latePayment = (await mailing.a.enroll(late, room)).json();
    // The enrollment's background round (its mail) runs on the clock it was made at: moved after, it would
    // sweep the late family's lapsed hold before the test pays it (as in enrollment.test.ts).
    await mailing.t.ctx.work.idle();
    clock.advanceMinutes(31);
    const quickPayment = (await mailing.a.enroll(quick, room)).json();
    expect((await mailing.a.press(latePayment.checkoutId, 'pay')).statusCode).toBeLessThan(400);
    expect((await mailing.a.press(quickPayment.checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const mail = await queued(late.email, 'Le estamos reembolsando su pago de Wren Room');
    expect(mail.text).toContain(
      'le reembolsamos $550.00 a su tarjeta; normalmente aparece en un plazo de 5 a 10',
    );
    expect(mail.text).toContain('Puede anotarse en la lista de espera desde la página de la sesión');
    expect(await subjectsTo(quick.email)).toContain('You’re enrolled: Wren Room');
  });

  it('a waitlist seat offered, lapsed, and a place ended by the office, each in the family’s language', async () => {
    const room = await mailing.a.session({ name: 'Finch Room', rosterSize: 1 });
    const first = await family('Brown', 1, 'en');
    await enrollAndPay(first, room);
    const ruiz = await family('Ruiz', 1, 'es');
    const jones = await family('Jones', 1, 'en');
    expect((await mailing.a.joinWaitlist(ruiz, room)).statusCode).toBe(201);
    clock.advanceMinutes(1);
    expect((await mailing.a.joinWaitlist(jones, room)).statusCode).toBe(201);

    // The office withdraws the first child (English mail); the seat is offered to the Ruiz family.
    const withdrawn = await call(mailing.admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
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
    await mailing.t.flush();
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
    await mailing.a.signIn(ruiz);
    expect((await mailing.a.joinWaitlist(ruiz, room)).statusCode).toBe(201);
    const office = (await mailing.a.promote('Director', 'Admin')).token;
    const removed = await call(office, 'POST', `/api/staff/sessions/${room}/waitlist/${ruiz.childIds[0]}`, {
      action: 'remove',
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const ended = await queued(ruiz.email, 'Ava ya no está en la lista de espera de Finch Room');
    expect(ended.text).toContain('Nuestra oficina quitó a Ava de la lista de espera de Finch Room');
  });

  it('the office refunds, moves and enrolls by hand: Spanish for a Spanish family, English unchanged', async () => {
    const room = await mailing.a.session({ name: 'Otter Room', rosterSize: 5 });
    const other = await mailing.a.session({ name: 'Badger Room', rosterSize: 5 });
    const diaz = await family('Diaz', 1, 'es');
    const lee = await family('Lee', 1, 'en');
    const diazPayment = await enrollAndPay(diaz, room);
    const leePayment = await enrollAndPay(lee, room);
    for (const paymentId of [diazPayment, leePayment]) {
      const res = await call(mailing.admin, 'POST', `/api/staff/payments/${paymentId}/refunds`, {
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

    const moved = await call(mailing.admin, 'POST', `/api/staff/sessions/${room}/move`, {
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
    const byHand = await call(mailing.admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
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
    const withdrawn = await call(mailing.admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
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
});
