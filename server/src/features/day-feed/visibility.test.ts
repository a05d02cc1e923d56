import { describe, expect, it } from 'vitest';
import {
  childrenWithoutConsent,
  dailySummaryMinute,
  type FeedReader,
  familySeesPost,
  mayChangePost,
  type PostFacts,
} from './visibility.ts';

const ava = 'ava';
const ben = 'ben';
const cleo = 'cleo';
const reader = (over: Partial<FeedReader> = {}): FeedReader => ({
  childId: ava,
  familyChildIds: new Set([ava]),
  enrolledSessionIds: new Set([1]),
  consentedIds: new Set(),
  ...over,
});
const post = (over: Partial<PostFacts>): PostFacts => ({
  kind: 'Photo',
  classSessionId: 1,
  forClass: true,
  taggedIds: [],
  ...over,
});

describe('what a family sees in a child’s feed', () => {
  it('shows class notes of the child’s sessions only', () => {
    expect(familySeesPost(post({ kind: 'ClassNote' }), reader())).toBe(true);
    expect(familySeesPost(post({ kind: 'ClassNote', classSessionId: 2 }), reader())).toBe(false);
  });

  it('shows a note about the child, never one about another child', () => {
    expect(familySeesPost(post({ kind: 'ChildNote', taggedIds: [ava] }), reader())).toBe(true);
    expect(familySeesPost(post({ kind: 'ChildNote', taggedIds: [ben] }), reader())).toBe(false);
  });

  it('shows a class photo with nobody tagged, and a tagged-only photo only to the tagged child’s family', () => {
    expect(familySeesPost(post({}), reader())).toBe(true);
    expect(familySeesPost(post({ classSessionId: 2 }), reader())).toBe(false);
    expect(familySeesPost(post({ forClass: false, taggedIds: [ava] }), reader())).toBe(true);
    expect(
      familySeesPost(post({ forClass: false, taggedIds: [ben] }), reader({ consentedIds: new Set([ben]) })),
    ).toBe(false);
  });

  it('hides a photo tagged with another family’s child without consent, even a class photo the reader’s child is in', () => {
    const photo = post({ taggedIds: [ava, ben] });
    expect(familySeesPost(photo, reader())).toBe(false);
    expect(familySeesPost(photo, reader({ consentedIds: new Set([ben]) }))).toBe(true);
    // Ben's own family sees it although nobody consented: the children are theirs or consented.
    expect(
      familySeesPost(
        photo,
        reader({ childId: ben, familyChildIds: new Set([ben]), consentedIds: new Set([ava]) }),
      ),
    ).toBe(true);
    expect(familySeesPost(photo, reader({ childId: ben, familyChildIds: new Set([ben]) }))).toBe(false);
  });

  it('never lets a family’s own children hide a photo from that family', () => {
    const siblings = reader({ familyChildIds: new Set([ava, cleo]) });
    expect(familySeesPost(post({ taggedIds: [ava, cleo] }), siblings)).toBe(true);
    expect(familySeesPost(post({ taggedIds: [cleo] }), siblings)).toBe(true);
  });
});

describe('the consent warning', () => {
  it('names every tagged child whose family has not granted consent, not asked counting as refused', () => {
    const tagged = [
      { name: 'Ava', consent: 'Granted' as const },
      { name: 'Ben', consent: 'NotAsked' as const },
      { name: 'Cleo', consent: 'Refused' as const },
    ];
    expect(childrenWithoutConsent(tagged).map((c) => c.name)).toEqual(['Ben', 'Cleo']);
    expect(childrenWithoutConsent([tagged[0]!])).toEqual([]);
  });
});

describe('who may change a post', () => {
  it('lets the author change it the same day and the director any day', () => {
    const p = { authorId: 't1', day: '2026-11-20' };
    expect(mayChangePost(p, { id: 't1', role: 'Staff' }, '2026-11-20')).toBe(true);
    expect(mayChangePost(p, { id: 't1', role: 'Staff' }, '2026-11-21')).toBe(false);
    expect(mayChangePost(p, { id: 't2', role: 'Staff' }, '2026-11-20')).toBe(false);
    expect(mayChangePost(p, { id: 'd', role: 'Admin' }, '2026-12-01')).toBe(true);
  });
});

describe('when the daily summary goes', () => {
  it('goes at 6 pm, or half an hour after a later session ends', () => {
    expect(dailySummaryMinute([])).toBe(18 * 60);
    expect(dailySummaryMinute([12 * 60 + 30, null])).toBe(18 * 60);
    expect(dailySummaryMinute([17 * 60 + 30])).toBe(18 * 60);
    expect(dailySummaryMinute([17 * 60 + 31])).toBe(18 * 60 + 1);
    expect(dailySummaryMinute([19 * 60, 12 * 60])).toBe(19 * 60 + 30);
  });
});
