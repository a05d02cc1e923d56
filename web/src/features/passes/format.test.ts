import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import {
  clockTime,
  eventLine,
  joinFirstNames,
  longDay,
  methodLine,
  passStatusLabel,
  shortDay,
} from './format.ts';

const AT = '2026-11-17T20:05:00.000Z'; // 12:05 PM, Tuesday, November 17, 2026, at the center.

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('passes and attendance in words', () => {
  it('read in English, as before', () => {
    expect(joinFirstNames([])).toBe('your children');
    expect(joinFirstNames(['Maya', 'Leo', 'Ana'])).toBe('Maya, Leo and Ana');
    expect(eventLine({ kind: 'CheckOut', adultName: 'Rosa Rivera' })).toBe('Picked up by Rosa Rivera');
    expect(eventLine({ kind: 'CheckIn', adultName: null })).toBe('Dropped off');
    expect(methodLine({ method: 'Pass', secondFactor: 'Photo', staffName: 'Ana Ruiz' })).toBe(
      'Pass scanned, photo checked by Ana Ruiz',
    );
    expect(methodLine({ method: 'Staff', secondFactor: null, staffName: null })).toBe('By staff');
    expect(passStatusLabel('Paused')).toBe('Paused');
    expect(longDay(AT)).toBe('November 17, 2026');
    expect(shortDay(AT)).toBe('Tue, Nov 17, 2026');
    expect(clockTime(AT).replace(/\s/g, ' ')).toBe('12:05 PM');
  });

  it('read in Spanish (issue 14)', async () => {
    await i18n.changeLanguage('es');
    expect(joinFirstNames([])).toBe('sus hijos');
    expect(joinFirstNames(['Maya', 'Leo', 'Ana'])).toBe('Maya, Leo y Ana');
    expect(joinFirstNames(['Mia', 'Isabel'])).toBe('Mia e Isabel');
    expect(eventLine({ kind: 'CheckOut', adultName: 'Rosa Rivera' })).toBe('Salió con Rosa Rivera');
    expect(eventLine({ kind: 'CheckIn', adultName: null })).toBe('Llegó');
    expect(methodLine({ method: 'Pass', secondFactor: 'Photo', staffName: 'Ana Ruiz' })).toBe(
      'Pase escaneado, foto revisada por Ana Ruiz',
    );
    expect(methodLine({ method: 'Code', secondFactor: 'Pin', staffName: null })).toBe(
      'Código escrito, con PIN',
    );
    expect(methodLine({ method: 'Staff', secondFactor: null, staffName: 'Ana Ruiz' })).toBe(
      'Por el personal (Ana Ruiz)',
    );
    expect(passStatusLabel('Paused')).toBe('En pausa');
    expect(longDay(AT)).toBe('17 de noviembre de 2026');
    expect(shortDay(AT)).toBe('mar, 17 de nov de 2026');
    expect(clockTime(AT).replace(/\s/g, ' ')).toBe('12:05 p.m.');
  });
});
