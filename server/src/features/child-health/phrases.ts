/**
 * What a child still needs, in a sentence a parent can act on, in their language (issue 26 part 1; decision
 * 035): the phrases of the `health` mail messages (`server/src/i18n/locales`), used by the enrollment's
 * eligibility sentence and the reminders.
 */
import type { ComplianceItem, Language } from '@lc/contract';
import { longDateIn, mailT, namesIn } from '../../i18n/family-mail.ts';

/** One item as a phrase: "a physical exam within the last 12 months", "immunizations up to date (…)". */
export function itemPhrase(item: ComplianceItem, months: number | null, language: Language): string {
  const t = mailT(language);
  if (item.requirement === 'Physical')
    return item.status === 'Expiring' && item.expiresOn
      ? t('health.physicalExpiring', { date: longDateIn(item.expiresOn, language) })
      : t('health.physicalMissing', { count: months ?? 12 });
  if (item.status === 'Expiring' && item.expiresOn)
    return t('health.certificateExpiring', { date: longDateIn(item.expiresOn, language) });
  const doses = item.missingDoses.map((d) =>
    t('health.dose', { vaccine: t(`health.vaccine.${d.vaccine}`), have: d.have, count: d.need }),
  );
  return t('health.immunizationsMissing', { doses: doses.join(language === 'es' ? '; ' : '; ') });
}

/** Several items as one phrase ("… and …"). */
export function itemsPhrase(
  items: ReadonlyArray<ComplianceItem>,
  monthsOf: (item: ComplianceItem) => number | null,
  language: Language,
): string {
  return namesIn(
    language,
    items.map((i) => itemPhrase(i, monthsOf(i), language)),
  );
}
