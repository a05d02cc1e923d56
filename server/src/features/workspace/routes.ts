/**
 * The staff workspace's API (issue 24): the staff home ("Today"). `auth: 'staff'` (401 signed out, 403 a
 * parent); what each part holds follows the caller (workspace/today.ts). Registers from its
 * `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { staffToday } from './today.ts';

const tags = ['Staff'];

export const staffWorkspaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.staffToday,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'What needs the signed-in staff member today',
        description:
          'Issue 24: the sessions meeting today (expected, arrived and gone; late pickups; children with allergies in the building), new inbox items and tour requests (with the inbox), registrations opening in the next seven days, scheduled announcements, and for the director only failed and overdue payments (cents) and mail that could not be delivered. A teacher sees their own sessions and no money (`money` and `mailFailed` null).',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return staffToday(ctx, currentUser(request));
      },
    );
  };
