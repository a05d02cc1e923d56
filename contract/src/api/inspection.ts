/**
 * An inspector's visit in the API table (issue 26; contract/src/endpoint.ts): one session over a range of the
 * center's days, as JSON for the page and as the PDF an inspector takes away. The director's (Admin) only.
 * Shapes: contract/src/staff-inspection.ts.
 */
import { endpoint } from '../endpoint.ts';
import { InspectionParamsSchema, InspectionQuerySchema, InspectionSchema } from '../staff-inspection.ts';

export const inspectionApi = {
  /** The session's records over the range (default: the last seven days to today). */
  inspection: endpoint({
    method: 'GET',
    path: '/api/staff/inspection/:classSessionId',
    params: InspectionParamsSchema,
    query: InspectionQuerySchema,
    status: 200,
    reply: InspectionSchema,
  }),
  /** The same records as a PDF on US Letter. */
  inspectionPdf: endpoint({
    method: 'GET',
    path: '/api/staff/inspection/:classSessionId/pdf',
    params: InspectionParamsSchema,
    query: InspectionQuerySchema,
    status: 200,
    reply: 'file',
  }),
};
