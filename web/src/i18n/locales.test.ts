/**
 * Completeness of the families' languages (issue 14): the same keys in English and Spanish, no Spanish
 * message left in English, the same placeholders, both plural forms, and the spec's English texts kept
 * character for character. A mistyped key is a type error (`i18next.d.ts`; checked below by tsc).
 */
import { flattenMessages, messagePlaceholders } from '@lc/contract';
import { describe, expect, it } from 'vitest';
import { site } from '../content/site';
import { NOT_FOUND_TEXT } from '../pages/public/not-found-page';
import { SHARE_IMAGE } from '../seo/structured-data';
import { i18n, matchLanguage, messages } from './i18n';

const english = flattenMessages(messages.en);
const spanish = flattenMessages(messages.es);
/** Messages that are the same in both languages on purpose (names, not words). Keep it short. */
const SAME_IN_BOTH: ReadonlySet<string> = new Set([
  // "Video" is the word in US and Latin American Spanish too.
  'portal.resources.type.Video',
  // "No" is the word in Spanish too.
  'portal.forms.no',
]);

describe('the message files', () => {
  it('have the same keys in English and Spanish', () => {
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !spanish.has(key))).toEqual([]);
    expect(english.size).toBeGreaterThan(0);
  });

  it('leave no Spanish message in English, and none empty', () => {
    const untranslated = [...english].filter(
      ([key, text]) => spanish.get(key) === text && !SAME_IN_BOTH.has(key),
    );
    expect(untranslated).toEqual([]);
    expect([...spanish].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of english)
      expect(messagePlaceholders(spanish.get(key) ?? ''), key).toEqual(messagePlaceholders(text));
  });

  it('give every plural both its forms', () => {
    for (const messages of [english, spanish])
      for (const key of messages.keys())
        if (key.endsWith('_one')) expect(messages.has(key.replace(/_one$/, '_other')), key).toBe(true);
  });

  it('keep the spec’s English texts (§2 page chrome, the not-found heading)', () => {
    const t = i18n.getFixedT('en');
    expect(
      ['ourPhilosophy', 'testimonials', 'faq', 'contact', 'studentPortal'].map((key) =>
        t(`header.${key}` as 'header.faq'),
      ),
    ).toEqual(['Our Philosophy', 'Testimonials', 'FAQ', 'Contact', 'Student Portal']);
    expect(t('header.enrollNow')).toBe('Enroll Now');
    expect(t('header.contactUs')).toBe('Contact Us');
    expect(t('notFound.heading')).toBe(NOT_FOUND_TEXT);
    // The center's facts in site.ts (also read by search engines' structured data) say the same.
    expect(t('centerInfo.hours')).toBe(site.hours);
    expect(t('centerInfo.reviewsLink')).toBe(site.links.reviews.label);
    expect(t('centerInfo.directoryLink')).toBe(site.links.directory.label);
    expect(t('seo.shareImageAlt')).toBe(SHARE_IMAGE.alt);
  });

  it('type-check their keys', () => {
    const t = i18n.getFixedT('es');
    // @ts-expect-error: a key that does not exist is a type error (tsc -p web fails without this line's marker).
    expect(t('header.noSuchKey')).toBe('header.noSuchKey');
    expect(t('header.faq')).toBe('Preguntas');
  });
});

describe('choosing the language', () => {
  it('follows the browser’s first supported language, and defaults to English', () => {
    expect(matchLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(matchLanguage(['fr-FR', 'es'])).toBe('es');
    expect(matchLanguage(['en-GB', 'es'])).toBe('en');
    expect(matchLanguage(['fr-FR', 'de'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });
});

describe('field messages', () => {
  it('are codes of the contract’s message files, with Spanish, for each account, contact and tour form message', async () => {
    const contract = await import('@lc/contract');
    for (const message of [
      contract.EMAIL_INVALID,
      contract.EMAIL_REQUIRED,
      contract.NAME_INVALID,
      contract.PASSWORD_MIN,
      contract.PASSWORD_TOO_COMMON,
      contract.PASSWORD_REQUIRED_LOGIN,
      contract.PASSWORD_REPEAT_REQUIRED,
      contract.PASSWORDS_MUST_MATCH,
      contract.BOTH_PASSWORDS_MUST_MATCH,
      contract.FIELD_REQUIRED,
      contract.PHONE_INVALID,
      contract.MESSAGE_REQUIRED,
      contract.CHILD_BIRTHDATE_INVALID,
    ]) {
      expect(contract.readFieldMessage(message), message).toBeDefined();
      expect(contract.messageSentence(message, 'es'), message).not.toBe(
        contract.messageSentence(message, 'en'),
      );
    }
  });

  it('read in the page’s language, and a sentence from elsewhere stays as it is', async () => {
    const { messageSentence, fieldMessage } = await import('@lc/contract');
    const firstName = fieldMessage('fields.account.firstNameRequired');
    expect(messageSentence(firstName, 'en')).toBe('Please specify your first name');
    expect(messageSentence(firstName, 'es')).toBe('Escriba su nombre');
    expect(messageSentence('A message nobody wrote', 'es')).toBe('A message nobody wrote');
  });
});
