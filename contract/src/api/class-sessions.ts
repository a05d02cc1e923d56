/**
 * The class-sessions endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * spec §7 ClassSession (the public catalog, a session's resources for its families, the director's writes).
 * Shapes: contract/src/class-session.ts and enrollment.ts (`ClassSessionInputSchema`, cents).
 */
import {
  ClassSessionIdParamsSchema,
  ClassSessionListQuerySchema,
  ClassSessionListSchema,
  ClassSessionSavedSchema,
  ClassSessionSchema,
  DigitalResourceListSchema,
} from '../class-session.ts';
import { endpoint } from '../endpoint.ts';
import { ClassSessionInputSchema } from '../enrollment.ts';

export const classSessionsApi = {
  /** Active sessions that have not ended (the catalog), or with `active=false` the others. */
  list: endpoint({
    method: 'GET',
    path: '/api/ClassSession',
    query: ClassSessionListQuerySchema,
    status: 200,
    reply: ClassSessionListSchema,
  }),
  /** Every session, past and present. */
  all: endpoint({ method: 'GET', path: '/api/ClassSession/all', status: 200, reply: ClassSessionListSchema }),
  /** One session, with its policies, seats left and registration state. */
  session: endpoint({
    method: 'GET',
    path: '/api/ClassSession/:classSessionId',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: ClassSessionSchema,
  }),
  /** A session's active resources, for the families of enrolled children and staff. */
  resources: endpoint({
    method: 'GET',
    path: '/api/ClassSession/:classSessionId/Resources',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: DigitalResourceListSchema,
  }),
  /** Create a session (the director): 201 with the new session. */
  create: endpoint({
    method: 'POST',
    path: '/api/ClassSession',
    body: ClassSessionInputSchema,
    status: 201,
    reply: ClassSessionSchema,
  }),
  /** Replace a session's fields (the director): a sentence, as text. */
  update: endpoint({
    method: 'PUT',
    path: '/api/ClassSession/:classSessionId',
    params: ClassSessionIdParamsSchema,
    body: ClassSessionInputSchema,
    status: 200,
    reply: ClassSessionSavedSchema,
  }),
} as const;
