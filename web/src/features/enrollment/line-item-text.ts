/**
 * A payment line's description in the family's language (issue 14). The lines are written in English by the
 * contract's `checkoutLineItems` ("Spring Morning Program — registration", "… — supply fee", "Sibling
 * discount (10% off a brother or sister)") and stored on the payment as they were charged; in Spanish the
 * known shapes are said again with `enroll.price.line*` (the session's name stays as written), and anything
 * else (a line written another way) is shown as it is.
 */
import { type Language, SIBLING_DISCOUNT_LINE } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { languageOf } from './refund-policy-text.ts';

const REGISTRATION = ' — registration';
const SUPPLY_FEE = ' — supply fee';
const SIBLING = new RegExp(`^${SIBLING_DISCOUNT_LINE} \\((.+) off (a|each) brother or sister\\)$`);

export function lineItemText(description: string, language?: Language): string {
  const lng = languageOf(language);
  if (lng === 'en') return description;
  const t = i18n.getFixedT(lng);
  if (description.endsWith(REGISTRATION))
    return t('enroll.price.lineRegistration', { session: description.slice(0, -REGISTRATION.length) });
  if (description.endsWith(SUPPLY_FEE))
    return t('enroll.price.lineSupplyFee', { session: description.slice(0, -SUPPLY_FEE.length) });
  const sibling = SIBLING.exec(description);
  if (sibling?.[1])
    return sibling[2] === 'a'
      ? t('enroll.price.lineSiblingOne', { off: sibling[1] })
      : t('enroll.price.lineSiblingEach', { off: sibling[1] });
  return description;
}
