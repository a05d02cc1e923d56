/**
 * A session's files and links, and its picture, on the staff side (issue 10), by their `classSessionsApi`
 * rows (contract/src/api/class-sessions.ts). Shapes: contract `staff-resources.ts`. Every write is the
 * director's; errors are ApiError (400 with `fields`, 404).
 */
import {
  classSessionsApi,
  type ResourceLinkInput,
  type ResourceUpdateInput,
  type StaffResource,
} from '@lc/contract';
import { callApi, uploadApi } from './call.ts';

/** GET /api/staff/sessions/{id}/resources: all of them, active or not, in order. */
export function getSessionResources(classSessionId: number, signal?: AbortSignal): Promise<StaffResource[]> {
  return callApi(classSessionsApi.staffResources, { params: { classSessionId }, signal });
}

/** POST a file (multipart `file`, optional `name`, `description`); answers the whole list. 400 `fields.file`. */
export function uploadResource(
  classSessionId: number,
  file: File,
  fields: { name: string; description: string },
): Promise<StaffResource[]> {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('description', fields.description);
  form.set('file', file);
  return uploadApi(classSessionsApi.addResource, form, { params: { classSessionId } });
}

/** POST a link or video (JSON); answers the whole list. 400 with `fields` (url must be http(s)). */
export function addResourceLink(classSessionId: number, input: ResourceLinkInput): Promise<StaffResource[]> {
  return callApi(classSessionsApi.addResourceLink, { params: { classSessionId }, body: input });
}

/** PUT /api/staff/resources/{id}: name, description, active; answers the session's list. */
export function updateResource(resourceId: number, input: ResourceUpdateInput): Promise<StaffResource[]> {
  return callApi(classSessionsApi.editResource, { params: { resourceId }, body: input });
}

/** PUT the order (every id of the session, first to last); answers the list. */
export function orderResources(classSessionId: number, ids: number[]): Promise<StaffResource[]> {
  return callApi(classSessionsApi.orderResources, { params: { classSessionId }, body: { ids } });
}

/** POST the session's picture (multipart `file`); answers its new public address. */
export function uploadThumbnail(classSessionId: number, file: File): Promise<{ thumbnail: string }> {
  const form = new FormData();
  form.set('file', file);
  return uploadApi(classSessionsApi.thumbnail, form, { params: { classSessionId } });
}
