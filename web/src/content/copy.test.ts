/**
 * Completeness of the center's Spanish words (issue 14): `copy.es.ts` has exactly the shape of `copy.ts`
 * (the same keys, the same number of paragraphs, sections, questions and quotes), no Spanish text left in
 * English, and no empty text. `useCopy()` picks the visitor's language, English by default.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { COPY, useCopy } from './use-copy';

type Leaf = { path: string; value: unknown };

/** Every non-object value under `value`, with its path ("faqs.3.answer.1"). */
function leaves(value: unknown, path = ''): Leaf[] {
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [{ path, value }];
}

/**
 * Texts the same in both languages on purpose, as path patterns: the families' first names, and the
 * dashboard's section keys (identifiers, not words). Keep it short: anything else equal is untranslated.
 */
const SAME_IN_BOTH: ReadonlyArray<RegExp> = [
  /^testimonials\.\d+\.name$/,
  /^dashboardCopy\.sections\.\d+\.key$/,
];

const english = leaves(COPY.en);
const spanish = leaves(COPY.es);

describe('the Spanish copy', () => {
  it('has the English shape: the same keys and the same array lengths', () => {
    // Paths include array indexes, so an extra or missing paragraph, section or quote shows as a path.
    expect(spanish.map((leaf) => leaf.path)).toEqual(english.map((leaf) => leaf.path));
    expect(english.length).toBeGreaterThan(100);
  });

  it('has the same kind of value everywhere', () => {
    const spanishTypes = new Map(spanish.map((leaf) => [leaf.path, typeof leaf.value]));
    for (const { path, value } of english) expect(spanishTypes.get(path), path).toBe(typeof value);
  });

  it('leaves nothing in English, except names and keys', () => {
    const spanishText = new Map(spanish.map((leaf) => [leaf.path, leaf.value]));
    const untranslated = english
      .filter(({ path, value }) => spanishText.get(path) === value)
      .map(({ path }) => path)
      .filter((path) => !SAME_IN_BOTH.some((pattern) => pattern.test(path)));
    expect(untranslated).toEqual([]);
  });

  it('has no empty text in either language', () => {
    const empty = [...english, ...spanish].filter(
      ({ value }) => typeof value !== 'string' || value.trim() === '',
    );
    expect(empty).toEqual([]);
  });
});

describe('useCopy', () => {
  afterEach(() => applyLanguage('en'));

  it('gives English by default and Spanish when the language is Spanish', () => {
    const { result } = renderHook(() => useCopy());
    expect(result.current.homeCopy.headline).toBe('A one-of-a-kind learning center');
    act(() => applyLanguage('es'));
    expect(result.current).toBe(COPY.es);
    act(() => applyLanguage('en'));
    expect(result.current).toBe(COPY.en);
  });
});
