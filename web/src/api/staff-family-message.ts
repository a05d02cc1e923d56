/** A message to chosen families (issue 24). Rows: contract `messagesApi`; shapes: contract `staff-family-message.ts`. */
import {
  type FamilyMessageInput,
  type FamilyMessageReach,
  type FamilyMessageResult,
  type FamilyMessageTargets,
  messagesApi,
} from '@lc/contract';
import { callApi } from './call.ts';

/** POST /api/staff/families/message/reach — who the chosen rows reach, by channel. ApiError 404 for another's id. */
export function getFamilyMessageReach(
  targets: FamilyMessageTargets,
  signal?: AbortSignal,
): Promise<FamilyMessageReach> {
  return callApi(messagesApi.staffFamilyMessageReach, { body: targets, signal });
}

/** POST /api/staff/families/message — email and/or text them; the same `idempotencyKey` sends once. */
export function sendFamilyMessage(input: FamilyMessageInput): Promise<FamilyMessageResult> {
  return callApi(messagesApi.staffFamilyMessage, { body: input });
}
