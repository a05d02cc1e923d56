import { describe, expect, it } from 'vitest';
import { graceMinutes, parseDaySchedule } from './day-schedule.ts';

const read = (text: string) => {
  const s = parseDaySchedule(text);
  return { days: [...s.days].sort(), start: s.startMinutes, end: s.endMinutes };
};

describe('parseDaySchedule', () => {
  it('reads the demo sessions’ schedules', () => {
    expect(read('Monday to Friday, 8:30 am – 12:30 pm')).toEqual({
      days: [1, 2, 3, 4, 5],
      start: 510,
      end: 750,
    });
    expect(read('Tuesday and Thursday, 1:00 pm – 3:00 pm')).toEqual({ days: [2, 4], start: 780, end: 900 });
    expect(read('Monday, Wednesday and Friday, 8:30 am – 11:30 am')).toEqual({
      days: [1, 3, 5],
      start: 510,
      end: 690,
    });
    expect(read('Weekday afternoons, 3:30 pm – 6:00 pm, by appointment')).toEqual({
      days: [1, 2, 3, 4, 5],
      start: 930,
      end: 1080,
    });
  });

  it('takes the end’s am/pm for a start without one, and short day names', () => {
    expect(read('Tue–Thu 1:00 – 3:00 pm')).toEqual({ days: [2, 3, 4], start: 780, end: 900 });
    expect(read('Saturdays 9 am - 12 pm')).toEqual({ days: [6], start: 540, end: 720 });
  });

  it('falls back to weekdays and no hours when the text says neither', () => {
    expect(read('By arrangement with the teacher')).toEqual({
      days: [1, 2, 3, 4, 5],
      start: null,
      end: null,
    });
  });
});

describe('graceMinutes', () => {
  it('reads the grace from the late-pickup policy, or 10 minutes', () => {
    expect(graceMinutes('<li>A 10-minute grace period applies after the end of the program.</li>')).toBe(10);
    expect(graceMinutes('We allow a grace period of 15 minutes.')).toBe(15);
    expect(graceMinutes('Please be on time.')).toBe(10);
    expect(graceMinutes(null)).toBe(10);
  });
});
