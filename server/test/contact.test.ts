import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, mailOutbox, tutoringWaitlistSubmissions } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';

const validContact = {
  firstName: '  Maria ',
  lastName: 'Lopez',
  email: 'Maria.Lopez@Example.com ',
  phoneNumber: '(650) 555-0199',
  childName: 'Sofia',
  childBirthdate: '2022-05-14',
  previousAttendance: false,
  referred: 'A friend at the park',
  message: 'We are moving to Redwood City in January and would love to learn about the morning program.',
};

const validWaitlist = {
  parentName: 'Daniel Kim',
  studentName: 'Joon Kim',
  grade: '2',
  emailAddress: 'daniel.kim@example.com',
  phoneNumber: '650-555-0111',
  subjectMatter: 'Reading & phonics',
  message: 'Joon loves stories but finds reading aloud hard.',
};

describe.each(dbKinds)('public forms API on %s', (kind) => {
  let t: TestApp;
  const rows = async () => {
    const [c] = await t.database.db.select({ n: count() }).from(contactSubmissions);
    const [w] = await t.database.db.select({ n: count() }).from(tutoringWaitlistSubmissions);
    const [m] = await t.database.db.select({ n: count() }).from(mailOutbox);
    return { contact: c!.n, waitlist: w!.n, mail: m!.n };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { CENTER_EMAIL: 'office@brightoak.example', FORM_RATE_LIMIT: '50' },
    });
  });
  afterAll(async () => t?.close());

  it('rejects an invalid contact form with a message per field and stores nothing', async () => {
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Contact',
      payload: {
        firstName: 'M',
        lastName: '',
        email: 'not-an-email',
        phoneNumber: '123',
        childBirthdate: '2999-01-01',
        message: ' ',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'Please enter a valid name',
      lastName: 'Please specify your last name',
      email: 'Please enter a valid email address',
      phoneNumber: 'Please enter a valid US phone number, like (415) 555-0132',
      childBirthdate: 'Please enter your child’s birth date (it must be in the past)',
      message: 'Please tell us a little about what you are looking for',
    });
    expect(await rows()).toEqual(before);
  });

  it('stores a valid contact form, normalised, and mails the center with the parent as reply-to', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Contact',
      payload: { ...validContact, isAdmin: true },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await t.database.db.select().from(contactSubmissions);
    expect(row).toMatchObject({
      firstName: 'Maria',
      email: 'maria.lopez@example.com',
      phoneNumber: '+16505550199',
      childBirthdate: '2022-05-14',
      tour: false,
    });
    await t.flush();
    const mails = await t.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'office@brightoak.example',
      replyTo: 'maria.lopez@example.com',
      subject: 'New message from Maria Lopez',
    });
    expect(mails[0]!.text).toContain('Phone: (650) 555-0199');
    expect(mails[0]!.text).toContain(validContact.message);
  });

  it('marks a schedule-a-tour request in the mail subject', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Contact',
      payload: {
        firstName: 'Ben',
        lastName: 'Ortiz',
        email: 'ben@example.com',
        message: 'Tuesday mornings work best.',
        tour: true,
      },
    });
    expect(res.statusCode).toBe(204);
    await t.flush();
    expect((await t.mails()).map((m) => m.subject)).toContain('Tour request from Ben Ortiz');
  });

  it('stores a tutoring waitlist submission and mails the center', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Contact/Waitlist', payload: validWaitlist });
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(tutoringWaitlistSubmissions);
    expect(row).toMatchObject({
      grade: '2',
      phoneNumber: '+16505550111',
      subjectMatter: 'Reading & phonics',
    });
    expect(row!.submitted).toBeInstanceOf(Date);
    await t.flush();
    expect((await t.mails()).map((m) => m.subject)).toContain(
      'Tutoring waitlist: Joon Kim (Grade 2, Reading & phonics)',
    );
  });

  it('rejects a tutoring waitlist submission outside grades K–6', async () => {
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Contact/Waitlist',
      payload: { ...validWaitlist, grade: '7', phoneNumber: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      grade: 'Please choose your child’s grade (K to 6)',
      phoneNumber: 'Please enter a valid US phone number, like (415) 555-0132',
    });
    expect(await rows()).toEqual(before);
  });

  it('answers 415 for a body that is not JSON and 400 for broken JSON', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/Contact',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('Bad Request');
  });
});

describe('public forms rate limit', () => {
  it('answers 429 once a client sends more forms than FORM_RATE_LIMIT in 10 minutes', async () => {
    const t = await createTestApp('pglite', { env: { FORM_RATE_LIMIT: '2' } });
    try {
      const send = () => t.app.inject({ method: 'POST', url: '/api/Contact', payload: validContact });
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(204);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe('Too Many Requests');
    } finally {
      await t.close();
    }
  });
});
