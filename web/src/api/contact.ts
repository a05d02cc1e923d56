/** Public form calls (spec §7 Contact; rows: contract `messagesApi`). Both answer 204 No Content; a 400 carries `fields`. */
import {
  type ContactFormInput,
  messagesApi,
  type OpenTourSlotList,
  type TutoringWaitlistFormInput,
} from '@lc/contract';
import { callApi } from './call.ts';

/** POST /api/Contact — the contact form, or the schedule-a-tour variant with `tour: true`. */
export function postContact(body: ContactFormInput): Promise<void> {
  return callApi(messagesApi.contact, { body });
}

/** POST /api/Contact/Waitlist — the tutoring waitlist form. */
export function postTutoringWaitlist(body: TutoringWaitlistFormInput): Promise<void> {
  return callApi(messagesApi.contactWaitlist, { body });
}

/** GET /api/Contact/TourSlots — the free tour times the schedule-a-tour form offers (decision 028). */
export function getOpenTourSlots(signal?: AbortSignal): Promise<OpenTourSlotList> {
  return callApi(messagesApi.tourSlotsOpen, { signal });
}
