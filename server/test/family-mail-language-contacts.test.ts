/**
 * The emails and text messages of a family's co-parents and contacts, in each reader's language (issue 14,
 * decision 015). Who reads which language:
 * - a mail to several parents of one family: each parent their own (a withdrawal, joining, leaving);
 * - a co-parent invitation (the address may have no account): the inviting parent's;
 * - a pickup pass sent to a contact (no account): the parent who issues the pass;
 * - an announcement to a contact: the family's first parent; the announcement's own words stay as written;
 * - the center's copies stay English.
 * The door's mails and texts are here too; receipts, refunds and waitlist offers are in
 * family-mail-language.test.ts, the shared set-up in support/family-mails.ts. Flows go through the real API.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classSessionEnrollments, users } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { familyMails, PASSWORD } from './support/family-mails.ts';
import type { Family } from './support/registration.ts';

describe.each(dbKinds)('family mails in the family’s language on %s', (kind) => {
  const mailing = familyMails(kind);
  const {
    clock,
    key,
    call,
    family,
    enrollAndPay,
    queued,
    subjectsTo,
    sentTo,
    smsLog,
    addContact,
    issuePass,
    share,
  } = mailing;

  it('co-parents in two languages: each reads the invitation, the withdrawal, the pass and the removal in theirs', async () => {
    const room = await mailing.a.session({ name: 'Robin Room', rosterSize: 5 });
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
    const [place] = await mailing.t.database.db
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
    expect(await subjectsTo(mailing.t.config.centerEmail)).toContain('Withdrawal: Ava Paz from Robin Room');

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
    const removed = await call(
      mailing.admin,
      'POST',
      `/api/staff/families/${quinn.userId}/remove-from-family`,
    );
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
    const room = await mailing.a.session({
      name: 'Acorn Room',
      sessionStartDate: '2026-11-02',
      rosterSize: 6,
    });
    const mora = await family('Mora', 1, 'es');
    const kent = await family('Kent', 1, 'en');
    await enrollAndPay(mora, room);
    await enrollAndPay(kent, room);
    const tablet = await call(mailing.admin, 'POST', '/api/staff/kiosks', { name: 'Front door' });
    expect(tablet.statusCode).toBe(201);
    const kiosk = (url: string, payload: object) =>
      mailing.t.app.inject({
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
    await mailing.t.database.db.update(users).set({ sms: '+14155550177' }).where(eq(users.id, mora.userId));
    clock.advanceMinutes(150);
    const out = await kiosk('/api/kiosk/check-out', {
      code: moraCode,
      children: children(mora),
      pin: '4321',
    });
    expect(out.statusCode, out.body).toBe(200);
    await mailing.t.flush();
    const text = (await smsLog()).filter((m) => m.to === '+14155550177');
    expect(text.map((m) => m.body)).toEqual(['Bright Oak: Rosa Vega recogió a Ava (12:30 p.m.).']);
    expect(await subjectsTo(mora.email)).not.toContain('Ya recogieron a Ava de Acorn Room');
  });

  it('announcements: the staff’s words as written, the sign-off in each reader’s language', async () => {
    const room = await mailing.a.session({ name: 'Maple Room', rosterSize: 6 });
    const nunez = await family('Nunez', 1, 'es');
    const park = await family('Park', 1, 'en');
    await addContact(nunez, 'Elena', 'elena.nunez@families.example', { receiveEmail: true });
    await enrollAndPay(nunez, room);
    await enrollAndPay(park, room);

    const posted = await call(mailing.admin, 'POST', '/api/Announcement', {
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
    const composed = await call(mailing.admin, 'POST', '/api/staff/announcements', {
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
