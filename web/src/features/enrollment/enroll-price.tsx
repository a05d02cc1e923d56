import {
  type ClassSession,
  checkoutLineItems,
  lineItemsTotal,
  type SessionStudent,
  siblingsAlreadyEnrolled,
} from '@lc/contract';
import { List, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/intl-locale.ts';
import { childCount, joinNames } from './format.ts';
import { PriceBreakdown } from './price-breakdown.tsx';
import { refundPolicySentences, siblingDiscountAmount } from './refund-policy-text.ts';

/**
 * The enroll form's price section: what the chosen children cost (`PriceSummary`) and who gets the sibling
 * discount (`SiblingDiscountNote`). `alreadyPlaced` are the family's children already holding a place that
 * makes these brothers or sisters (the checkout's count).
 */
export function EnrollPriceSection({
  session,
  chosen,
  students,
  alreadyPlaced,
}: {
  session: ClassSession;
  chosen: SessionStudent[];
  students: SessionStudent[];
  alreadyPlaced: SessionStudent[];
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="price-heading"
    >
      <Title order={2} size="h3" id="price-heading">
        {t('enroll.enroll.priceHeading')}
      </Title>
      <PriceSummary session={session} chosen={chosen} students={students} />
      <SiblingDiscountNote session={session} alreadyPlaced={alreadyPlaced} />
    </Paper>
  );
}

/**
 * The line items for the chosen children (or the price per child before any is chosen), total announced:
 * exactly what the checkout charges, the sibling discount as its own line.
 */
function PriceSummary({
  session,
  chosen,
  students,
}: {
  session: ClassSession;
  chosen: SessionStudent[];
  students: SessionStudent[];
}) {
  const { t } = useTranslation();
  const n = chosen.length;
  const already = siblingsAlreadyEnrolled(
    students,
    chosen.map((s) => s.id),
  );
  const items = checkoutLineItems(session, Math.max(n, 1), already);
  const total = lineItemsTotal(items);
  return (
    <>
      {n === 0 ? (
        <PriceBreakdown
          items={items}
          total={total}
          caption={t('enroll.enroll.pricePerChild')}
          totalLabel={t('enroll.enroll.perChild')}
        />
      ) : (
        <PriceBreakdown
          items={items}
          total={total}
          caption={t('enroll.enroll.forNames', { names: joinNames(chosen.map((s) => s.firstName)) })}
        />
      )}
      {n === 0 ? (
        <Text size="sm" mt="xs">
          {t('enroll.enroll.chooseToSeeTotal')}
        </Text>
      ) : null}
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {n > 0 ? t('enroll.enroll.totalFor', { children: childCount(n), total: formatMoney(total) }) : ''}
      </VisuallyHidden>
    </>
  );
}

/**
 * One sentence saying who gets the session's sibling discount, or nothing without one: every child after the
 * first, or every child enrolled now when a brother or sister already has a place.
 */
function SiblingDiscountNote({
  session,
  alreadyPlaced,
}: {
  session: ClassSession;
  alreadyPlaced: SessionStudent[];
}) {
  const { t } = useTranslation();
  const off = siblingDiscountAmount(session);
  if (!off) return null;
  const program =
    session.siblingDiscountAcrossProgram && session.classSection ? session.classSection.name : null;
  const names = alreadyPlaced.map((s) => s.firstName);
  const already = { names: joinNames(names), count: names.length, off };
  return (
    <Text mt="sm">
      {names.length > 0
        ? program
          ? t('enroll.sibling.enrollAlreadyInProgram', { ...already, program })
          : t('enroll.sibling.enrollAlready', already)
        : program
          ? t('enroll.sibling.enrollAfterFirstInProgram', { off, program })
          : t('enroll.sibling.enrollAfterFirst', { off })}
    </Text>
  );
}

/** The session's refund policy in plain words (`refundPolicySentences`), before anything is paid. */
export function RefundPolicy({ session }: { session: ClassSession }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="refund-heading"
    >
      <Title order={2} size="h3" id="refund-heading">
        {t('enroll.common.ifPlansChange')}
      </Title>
      <List mt="xs" spacing="xs">
        {refundPolicySentences(session, session).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
