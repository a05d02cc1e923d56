/**
 * Payments on the staff side (issue 10): the payments list and its CSV, and a refund of a payment. Every route
 * is `auth: 'staff'` (401 anonymous, 403 a parent) and the director's (403 for a teacher, checked before
 * anything is read). Refunds are audited in their own transaction; money is cents. The office's changes to
 * children's places (withdraw, move, enroll by hand, waitlist) are enrollment/office-routes.ts, under the same
 * OpenAPI tag. Each route registers from its `officeApi` row (contract/src/api/office.ts; http/serve.ts).
 */
import { officeApi, parseClassSessionId } from '@lc/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from '../team/access.ts';
import { agingCsv, agingReport } from './aging.ts';
import { failedPayments } from './autopay-methods.ts';
import { adjustPlace, recordOfficePayment } from './office-ledger.ts';
import { listPayments, paymentsCsv } from './payments-list.ts';
import { refundPayment } from './refunds.ts';
import { revenueCsv, revenueReport } from './revenue.ts';

/** The OpenAPI tag, as the office's places routes' (enrollment/office-routes.ts). */
const tags = ['Staff money'];

/**
 * The CSV's success reply as the document has shown it since before the API table: `text/csv`, a string
 * (the document does not change).
 */
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Answer `csv` as a file to save under `fileName`. */
const csvFile = (reply: FastifyReply, fileName: string, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);

/** A write's idempotency key: the `Idempotency-Key` header, else the body's; 400 when neither is one. */
function keyOf(header: string | string[] | undefined, body: string | undefined): string {
  const key = (typeof header === 'string' ? header : undefined) ?? body;
  if (!key || !KEY.test(key))
    throw new HttpError(400, 'billing.idempotencyKey', {
      fields: { idempotencyKey: 'billing.idempotencyKey' },
    });
  return key;
}

/** The payments routes (see the module comment). */
export const staffMoneyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = ctx.registration;
    const admin = (request: Parameters<typeof currentUser>[0]) => {
      const user = currentUser(request);
      requireAdmin(user);
      return user;
    };
    const afterWrite = () => ctx.work.runNow().catch(() => {});

    serve(
      app,
      officeApi.payments,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Payments, filtered and paginated, with totals (Admin)',
        description:
          'Newest first, or by `sort` (date, family, session, amount, refunded or status) and `dir`; ties newest first. `from`/`to` are calendar days in the center’s time zone, both included. `totals` (cents) cover every payment the filters match: paid, refunded and net.',
      },
      async (request) => {
        admin(request);
        const query = request.query;
        const list = await listPayments(ctx.db, ctx.config.timeZone, query);
        return { ...list, page: query.page, pageSize: query.pageSize };
      },
    );

    serve(
      app,
      officeApi.paymentsCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Payments as CSV (Admin)',
        description: 'The same filters, order and columns as the payments list, every matching row.',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        admin(request);
        return csvFile(reply, 'payments.csv', await paymentsCsv(ctx.db, ctx.config.timeZone, request.query));
      },
    );

    serve(
      app,
      officeApi.balances,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The aging report: who owes, and for how long (Admin)',
        description:
          'Issue 23: one page of the parent accounts with a balance due on the family account, in cents, by days past due on the center’s calendar (current, 1–30, 31–60, over 60), most owed first or by `sort` and `dir`; `totals` and `total` (families) cover all of them.',
      },
      async (request) => {
        admin(request);
        return agingReport(ctx.db, ctx.clock.today(), request.query);
      },
    );

    serve(
      app,
      officeApi.balancesCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The aging report as CSV (Admin)',
        description: 'The same columns and cells as the report’s table, the totals row last.',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        admin(request);
        const today = ctx.clock.today();
        return csvFile(reply, `balances-${today}.csv`, await agingCsv(ctx.db, today));
      },
    );

    serve(
      app,
      officeApi.failedPayments,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Failed automatic payments (Admin)',
        description:
          'Issue 23: each instalment still owing whose latest automatic payment failed (with its decline code and the date of the next try, if one is left) or waits for the family to authenticate, newest first, with what is still owed in cents; `total` sums it.',
      },
      async (request) => {
        admin(request);
        return failedPayments(ctx.db);
      },
    );

    serve(
      app,
      officeApi.revenue,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Revenue by month (Admin)',
        description:
          'Issue 23: a calendar year of the family account by month, in cents: charged (by the month a charge falls due), received, refunded, and owed at each month’s end; the year’s totals, what was owed when it began and ended, and the years with any entry. The current year when `year` is left out.',
      },
      async (request) => {
        admin(request);
        return revenueReport(ctx.db, ctx.config.timeZone, ctx.clock.today(), request.query.year);
      },
    );

    serve(
      app,
      officeApi.revenueCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Revenue by month as CSV (Admin)',
        description: 'The same columns and cells as the report’s table, the year’s totals last.',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        admin(request);
        const today = ctx.clock.today();
        const year = request.query.year ?? Number(today.slice(0, 4));
        return csvFile(
          reply,
          `revenue-${year}.csv`,
          await revenueCsv(ctx.db, ctx.config.timeZone, today, year),
        );
      },
    );

    serve(
      app,
      officeApi.refund,
      {
        config: { auth: 'staff', errors: [409, 502] },
        tags,
        summary: 'Refund a payment in full or in part (Admin)',
        description:
          'Through the payment’s provider (Stripe refunds; the test checkout records it; an offline payment is recorded for the office to give back). The idempotency key (`Idempotency-Key` header or `idempotencyKey`) names the refund: the same key answers the same refund (200), never a second one. 201 a new refund; 400 more than is left to refund; 404 unknown payment; 409 a payment that is not paid or already refunded; 502 the provider refused (nothing refunded). The family is emailed. Audited.',
        otherReplies: { 200: officeApi.refund.reply },
      },
      async (request, reply) => {
        const user = admin(request);
        if (!isUuid(request.params.paymentId)) throw notFound('payment');
        const key = keyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
        const { refund, created } = await refundPayment(deps, user.id, request.params.paymentId, {
          amount: request.body.amount,
          reason: request.body.reason,
          idempotencyKey: key,
        });
        afterWrite();
        reply.code(created ? 201 : 200);
        return refund;
      },
    );

    serve(
      app,
      officeApi.recordPayment,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Record money the office received for a child’s place (Admin)',
        description:
          'Cash, a check, a subsidy or another method, in cents, against the place’s balance on the family account (issue 23). The idempotency key (`Idempotency-Key` header or `idempotencyKey`) names the payment: the same key answers the same payment (200). 201 a new payment with the place’s account after it; 400 more than is due (field `amount`); 404 no such place; 409 nothing is due. Audited.',
        otherReplies: { 200: officeApi.recordPayment.reply },
      },
      async (request, reply) => {
        const user = admin(request);
        const classSessionId = parseClassSessionId(request.params.classSessionId);
        if (classSessionId === null) throw notFound('session');
        if (!isUuid(request.params.studentId)) throw notFound('enrollment');
        const key = keyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
        const { created, ...result } = await recordOfficePayment(
          deps,
          user.id,
          classSessionId,
          request.params.studentId,
          { ...request.body, idempotencyKey: key },
        );
        reply.code(created ? 201 : 200);
        return result;
      },
    );

    serve(
      app,
      officeApi.adjust,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Post a charge, a late fee, a credit or a write-off on a child’s place (Admin)',
        description:
          'Cents, with the reason the family reads on their statement (issue 23). The idempotency key (`Idempotency-Key` header or `idempotencyKey`) names the entry: the same key answers the same entry (200). 201 a new entry with the place’s account after it; 400 a write-off above the balance due or a credit above what the place was charged (field `amount`); 404 no such place; 409 nothing due to write off. Audited.',
        otherReplies: { 200: officeApi.adjust.reply },
      },
      async (request, reply) => {
        const user = admin(request);
        const classSessionId = parseClassSessionId(request.params.classSessionId);
        if (classSessionId === null) throw notFound('session');
        if (!isUuid(request.params.studentId)) throw notFound('enrollment');
        const key = keyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
        const { created, place } = await adjustPlace(
          deps,
          user.id,
          classSessionId,
          request.params.studentId,
          {
            ...request.body,
            idempotencyKey: key,
          },
        );
        reply.code(created ? 201 : 200);
        return { place };
      },
    );
  };
