/** Public form calls (spec §7 Contact). Both answer 204 No Content; a 400 carries `fields`. */
import { api, type ContactFormInput, type TutoringWaitlistFormInput } from '@lc/contract';
import { apiRequest } from './client.ts';

/** POST /api/Contact — the contact form, or the schedule-a-tour variant with `tour: true`. */
export function postContact(body: ContactFormInput): Promise<void> {
  return apiRequest<void>(api.contact, { method: 'POST', body });
}

/** POST /api/Contact/Waitlist — the tutoring waitlist form. */
export function postTutoringWaitlist(body: TutoringWaitlistFormInput): Promise<void> {
  return apiRequest<void>(api.contactWaitlist, { method: 'POST', body });
}
