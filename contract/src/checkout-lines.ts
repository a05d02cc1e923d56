/**
 * A checkout's lines and what they add up to (docs/architecture.md "Checkout"; issue 13, decision 014):
 * registration and supply fee per child, the sibling discount as its own negative line, the lines a payment
 * provider charges, and what a payment's places are worth. Every amount is integer cents.
 */
import type { LineItem } from './enrollment.ts';
import {
  describeSiblingDiscount,
  discountedChildren,
  type PlaceOnPayment,
  type SiblingDiscount,
  siblingDiscountPerChild,
} from './family-money.ts';

/** Sum of line items, cents. */
export function lineItemsTotal(items: ReadonlyArray<LineItem>): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

/**
 * The checkout lines for `childCount` children: the registration price and, when there is one, the supply
 * fee, each per child (docs/architecture.md "Checkout"), then the sibling discount as its own negative line
 * (issue 13, `family-money.ts`): every child but the first, or every child when the family already has
 * `siblingsAlreadyEnrolled` > 0, gets `siblingDiscountPerChild` off. Cents; `lineItemsTotal` is what is charged.
 */
export function checkoutLineItems(
  session: { name: string; registrationPrice: number; supplyFee: number } & Partial<SiblingDiscount>,
  childCount: number,
  siblingsAlreadyEnrolled = 0,
): LineItem[] {
  const lines: LineItem[] = [
    {
      description: `${session.name} — registration`,
      unitAmount: session.registrationPrice,
      quantity: childCount,
      amount: session.registrationPrice * childCount,
    },
  ];
  if (session.supplyFee > 0)
    lines.push({
      description: `${session.name} — supply fee`,
      unitAmount: session.supplyFee,
      quantity: childCount,
      amount: session.supplyFee * childCount,
    });
  const discount: SiblingDiscount = {
    siblingDiscountType: session.siblingDiscountType ?? null,
    siblingDiscountValue: session.siblingDiscountValue ?? 0,
    siblingDiscountAcrossProgram: session.siblingDiscountAcrossProgram ?? false,
  };
  const per = siblingDiscountPerChild(session.registrationPrice, discount);
  const discounted = discountedChildren(childCount, siblingsAlreadyEnrolled, discount);
  if (per > 0 && discounted > 0)
    lines.push({
      description: `${SIBLING_DISCOUNT_LINE} (${describeSiblingDiscount(discount)} ${discounted === 1 ? 'a brother or sister' : 'each brother or sister'})`,
      unitAmount: -per,
      quantity: discounted,
      amount: -per * discounted,
    });
  return lines;
}

/** The start of the discount line's description; `placeOnPayment` finds the line by it. */
export const SIBLING_DISCOUNT_LINE = 'Sibling discount';

/** Cents taken off by the sibling discount on a payment's lines (0 when none), as a positive number. */
export function siblingDiscountOf(items: ReadonlyArray<LineItem>): number {
  return items
    .filter((line) => line.description.startsWith(SIBLING_DISCOUNT_LINE) && line.amount < 0)
    .reduce((sum, line) => sum - line.amount, 0);
}

/** A line as a payment provider charges it: never negative (Stripe Checkout refuses negative amounts). */
export type ChargeLine = {
  kind: 'registration' | 'siblingRegistration' | 'supplyFee';
  description: string;
  /** Cents, ≥ 0. */
  unitAmount: number;
  quantity: number;
};

/**
 * `checkoutLineItems` as the provider charges them: the discount folded into a second registration line at
 * the sibling price ("adjusted line items"), so the total is the same to the cent and each line can carry
 * the session's Stripe Price where it applies (full-price registration, supply fee).
 */
export function chargeLines(items: ReadonlyArray<LineItem>): ChargeLine[] {
  const [registration, ...rest] = items;
  if (!registration) return [];
  const discount = rest.find((line) => line.unitAmount < 0);
  const supply = rest.find((line) => line.unitAmount >= 0);
  const discounted = discount ? discount.quantity : 0;
  const lines: ChargeLine[] = [];
  if (registration.quantity - discounted > 0)
    lines.push({
      kind: 'registration',
      description: registration.description,
      unitAmount: registration.unitAmount,
      quantity: registration.quantity - discounted,
    });
  if (discount && discounted > 0)
    lines.push({
      kind: 'siblingRegistration',
      description: `${registration.description}, sibling price`,
      unitAmount: registration.unitAmount + discount.unitAmount,
      quantity: discounted,
    });
  if (supply)
    lines.push({
      kind: 'supplyFee',
      description: supply.description,
      unitAmount: supply.unitAmount,
      quantity: supply.quantity,
    });
  return lines;
}

/**
 * One child's place as a payment's lines record it (for `refundQuote`): the registration and supply fee
 * per child, the discount per discounted child, and how many children paid full price. `stillEnrolled` is the
 * caller's count.
 */
export function placeOnPayment(items: ReadonlyArray<LineItem>, stillEnrolled: number): PlaceOnPayment {
  const [registration, ...rest] = items;
  const discount = rest.find(
    (line) => line.description.startsWith(SIBLING_DISCOUNT_LINE) && line.unitAmount < 0,
  );
  const supply = rest.find((line) => line.unitAmount >= 0);
  const children = registration?.quantity ?? 0;
  return {
    registrationPrice: registration?.unitAmount ?? 0,
    supplyFee: supply?.unitAmount ?? 0,
    perChildDiscount: discount ? -discount.unitAmount : 0,
    fullPriceChildren: Math.max(0, children - (discount?.quantity ?? 0)),
    stillEnrolled,
  };
}
