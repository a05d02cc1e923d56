import { describe, expect, it } from 'vitest';
import { inQuietHours, MessageInputSchema, minutesOfDay, minutesUntilQuietEnds } from './conversations.ts';

describe('quiet hours', () => {
  const at = (time: string) => minutesOfDay(time);
  it('spans midnight when they start later than they end: from included, until not', () => {
    expect(inQuietHours(at('19:59'), '20:00', '07:00')).toBe(false);
    expect(inQuietHours(at('20:00'), '20:00', '07:00')).toBe(true);
    expect(inQuietHours(at('23:59'), '20:00', '07:00')).toBe(true);
    expect(inQuietHours(at('00:00'), '20:00', '07:00')).toBe(true);
    expect(inQuietHours(at('06:59'), '20:00', '07:00')).toBe(true);
    expect(inQuietHours(at('07:00'), '20:00', '07:00')).toBe(false);
  });
  it('holds within one day when they start earlier, and never when both times are equal', () => {
    expect(inQuietHours(at('12:30'), '12:00', '13:00')).toBe(true);
    expect(inQuietHours(at('13:00'), '12:00', '13:00')).toBe(false);
    expect(inQuietHours(at('03:00'), '09:00', '09:00')).toBe(false);
  });
  it('says how long until they end', () => {
    expect(minutesUntilQuietEnds(at('21:00'), '20:00', '07:00')).toBe(600);
    expect(minutesUntilQuietEnds(at('06:45'), '20:00', '07:00')).toBe(15);
    expect(minutesUntilQuietEnds(at('10:00'), '20:00', '07:00')).toBe(0);
  });
});

describe('a message', () => {
  it('needs words or a file, and keeps to 4,000 characters and 4 files', () => {
    expect(MessageInputSchema.safeParse({ body: '  ' }).success).toBe(false);
    expect(MessageInputSchema.safeParse({ body: '', attachmentIds: ['a'] }).success).toBe(true);
    expect(MessageInputSchema.safeParse({ body: 'x'.repeat(4001) }).success).toBe(false);
    expect(
      MessageInputSchema.safeParse({ body: 'hi', attachmentIds: ['a', 'b', 'c', 'd', 'e'] }).success,
    ).toBe(false);
    expect(MessageInputSchema.parse({ body: ' Hello ' })).toEqual({ body: 'Hello', attachmentIds: [] });
  });
});
