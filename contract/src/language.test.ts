import { describe, expect, it } from 'vitest';
import { languageOfPath, pathInLanguage, pathWithoutLanguage } from './language.ts';

describe('a page’s address per language (issue 14)', () => {
  it('reads Spanish from the /es prefix only', () => {
    expect(languageOfPath('/es')).toBe('es');
    expect(languageOfPath('/es/our-philosophy')).toBe('es');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/essays')).toBe('en');
    expect(languageOfPath('/sessions/es')).toBe('en');
  });

  it('moves a path between the languages and back', () => {
    expect(pathInLanguage('/', 'es')).toBe('/es');
    expect(pathInLanguage('/faq', 'es')).toBe('/es/faq');
    expect(pathInLanguage('/es/faq', 'es')).toBe('/es/faq');
    expect(pathInLanguage('/es/faq', 'en')).toBe('/faq');
    expect(pathInLanguage('/es', 'en')).toBe('/');
    expect(pathWithoutLanguage('/es/sessions/3')).toBe('/sessions/3');
    expect(pathWithoutLanguage('/essays')).toBe('/essays');
  });
});
