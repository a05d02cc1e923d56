/** Conversations as the API answers them (issue 25), for this feature's and its pages' tests. */
import type { FamilyConversation, Message, StaffConversation } from '@lc/contract';

/** A time long past and one far ahead: an edit window that closed, and one still open. */
export const CLOSED_WINDOW = '2026-11-20T17:15:00.000Z';
export const OPEN_WINDOW = '2099-01-01T00:00:00.000Z';

export const TEACHER = { id: 't-1', firstName: 'Ana', lastName: 'Rivera', role: 'Teacher' as const };
export const PARENT = { id: 'p-1', firstName: 'Imani', lastName: 'Okonkwo', role: null };

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm-1',
    side: 'Family',
    author: PARENT,
    body: 'Zuri has a dentist appointment on Friday, so Chidi will pick her up at 11.',
    attachments: [],
    created: '2026-11-20T17:00:00.000Z',
    editedAt: null,
    deletedAt: null,
    mine: true,
    editableUntil: null,
    ...overrides,
  };
}

export function familyConversation(overrides: Partial<FamilyConversation> = {}): FamilyConversation {
  return {
    id: 'c-1',
    messages: [],
    hasOlder: false,
    readers: [],
    unread: 0,
    centerReaders: [
      { firstName: 'Elena', lastName: 'Okafor', role: 'Director', sessions: [] },
      { firstName: 'Ana', lastName: 'Rivera', role: 'Teacher', sessions: ['Bluebird Room'] },
    ],
    centerHours: { from: '08:00', until: '18:00', closedNow: false },
    ...overrides,
  };
}

export function staffConversation(overrides: Partial<StaffConversation> = {}): StaffConversation {
  return {
    id: 'c-1',
    family: {
      userId: 'p-1',
      parents: [
        { id: 'p-1', firstName: 'Imani', lastName: 'Okonkwo' },
        { id: 'p-2', firstName: 'Chidi', lastName: 'Okonkwo' },
      ],
      children: [{ studentId: 's-1', firstName: 'Zuri', lastName: 'Okonkwo' }],
      language: 'es',
    },
    status: 'New',
    assignee: null,
    assignees: [
      { id: 'd-1', firstName: 'Elena', lastName: 'Okafor' },
      { id: 't-1', firstName: 'Ana', lastName: 'Rivera' },
    ],
    canManage: true,
    messages: [],
    hasOlder: false,
    readers: [],
    ...overrides,
  };
}
