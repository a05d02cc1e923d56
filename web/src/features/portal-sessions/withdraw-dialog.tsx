/**
 * The parent's "Withdraw {child}" dialog (issue 13): it loads the exact refund withdrawing the child today
 * gives (the server's quote under the session's refund policy), shows it broken down with the policy in plain
 * words, and withdraws only on the confirm button, which says the amount ("Withdraw Maya and refund $270.00").
 * The dialog makes one idempotency key when it opens, so a double click or a retry is one withdrawal. A refund
 * that changed meanwhile (e.g. the day changed) is said in the dialog and the new quote is loaded.
 *
 * In the family's language (issue 14: `enroll.withdraw.*`). The policy sentences are the server's
 * (`policySentences`, the contract's English) in English, and rebuilt from the quote's policy in Spanish
 * (`refundPolicySentences`); the supply fee's amount is said when the page passes `supplyFee`.
 */
import type { ClassSessionEnrollment, WithdrawalQuote, WithdrawResult } from '@lc/contract';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withdrawKeys } from '../../api/query-keys.ts';
import { getWithdrawalQuote, newWithdrawKey, withdrawChild } from '../../api/withdraw.ts';
import { formatMoney } from '../../i18n/intl-locale.ts';
import { formatPolicyDay, refundPolicySentences } from '../enrollment/refund-policy-text.ts';
import { FamilyDialog } from '../family/family-dialog.tsx';
import { LoadFailed, Loading } from '../family/load-states.tsx';
import { AmountTable } from '../forms/amount-table';
import { DialogActions } from '../forms/dialog';
import { failedWith, failureFields, failureMessage, failureStatus } from '../forms/feedback.ts';
import { notifySuccess } from '../forms/notify.ts';
import { joinNames } from './format.ts';

/** Withdraw `enrollment`'s child; `onWithdrawn` runs after the server said yes (the page reloads its data). */
export function WithdrawDialog({
  enrollment,
  onClose,
  onWithdrawn,
  supplyFee,
}: {
  enrollment: ClassSessionEnrollment | null;
  onClose: () => void;
  onWithdrawn: () => void;
  /** The session's supply fee (cents), for the refund policy's sentence about it; without it, no amount. */
  supplyFee?: number;
}) {
  const { t } = useTranslation();
  return (
    <FamilyDialog
      size="lg"
      opened={enrollment !== null}
      onClose={onClose}
      title={
        enrollment
          ? t('enroll.withdraw.titleChild', { name: enrollment.student.firstName })
          : t('enroll.withdraw.title')
      }
    >
      {enrollment ? (
        <WithdrawPanel
          key={enrollment.id}
          enrollment={enrollment}
          supplyFee={supplyFee}
          onCancel={onClose}
          onDone={() => {
            onWithdrawn();
            onClose();
          }}
        />
      ) : null}
    </FamilyDialog>
  );
}

/**
 * The sentence after withdrawing, said in the page's language from the result (the server's `message` is
 * its English, word for word the `enroll.withdraw.result*` messages).
 */
function withdrawnSentence(
  t: TFunction,
  result: WithdrawResult,
  method: WithdrawalQuote['refundMethod'],
  name: string,
): string {
  const amount = formatMoney(result.refund);
  if (result.refund === 0 || result.refundStatus === 'None') return t('enroll.withdraw.resultNone', { name });
  if (method === 'office') return t('enroll.withdraw.resultOffice', { name, amount });
  if (result.refundStatus === 'Failed') return t('enroll.withdraw.resultFailed', { name, amount });
  if (result.refundStatus === 'Pending') return t('enroll.withdraw.resultPending', { name, amount });
  return t('enroll.withdraw.resultRefunded', { name, amount });
}

function WithdrawPanel({
  enrollment,
  supplyFee,
  onCancel,
  onDone,
}: {
  enrollment: ClassSessionEnrollment;
  supplyFee: number | undefined;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [idempotencyKey] = useState(newWithdrawKey);
  const queryClient = useQueryClient();
  const quoteKey = withdrawKeys.quote(enrollment.id);
  const quote = useQuery({
    queryKey: quoteKey,
    queryFn: ({ signal }) => getWithdrawalQuote(enrollment.id, signal),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (quote.status === 'pending') return <Loading label={t('enroll.withdraw.loading')} />;
  if (quote.status === 'error')
    return failedWith(quote.error, 409) ? (
      <Stack gap="md">
        <Alert color="yellow" variant="light" role="alert">
          {failureMessage(quote.error, t('enroll.withdraw.loadFailed'))}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('enroll.common.backToSession')}
          </Button>
        </Group>
      </Stack>
    ) : (
      <LoadFailed message={t('enroll.withdraw.loadFailed')} retry={() => quote.refetch()} />
    );

  const q = quote.data;
  // The server's sentences are the contract's English; in Spanish they are said again from the same policy
  // (a supply fee of unknown amount, null, when the server spoke of one and the page did not pass it).
  const policySentences =
    i18n.language === 'es'
      ? refundPolicySentences(q.policy, {
          sessionStartDate: q.classSession.sessionStartDate,
          supplyFee: supplyFee ?? (q.policySentences.length > 2 ? null : 0),
        })
      : q.policySentences;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const result = await withdrawChild(enrollment.id, { expectedRefund: q.refund, idempotencyKey });
      notifySuccess(
        i18n.language === 'es'
          ? withdrawnSentence(t, result, q.refundMethod, q.child.firstName)
          : result.message,
      );
      onDone();
    } catch (error) {
      // The server's reason for a refusal (4xx); anything else, or no answer, is "could not withdraw".
      const status = failureStatus(error);
      const failed = t('enroll.withdraw.failed');
      setFailure(status !== null && status < 500 ? failureMessage(error, failed) : failed);
      // The refund changed since the dialog opened: load the new one afresh (the button says it).
      if (failedWith(error, 409) && failureFields(error).expectedRefund)
        void queryClient.resetQueries({ queryKey: quoteKey, exact: true });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('enroll.withdraw.titleChild', { name: q.child.firstName })}
    >
      <Stack gap="md">
        <Text>
          {t('enroll.withdraw.intro', {
            name: q.child.firstName,
            date: formatPolicyDay(q.today),
            session: q.classSession.name,
          })}
        </Text>
        <RefundBreakdown quote={q} />
        <section aria-labelledby="withdraw-policy">
          <Title order={3} size="h5" id="withdraw-policy" mb={4}>
            {t('enroll.withdraw.policyHeading', { session: q.classSession.name })}
          </Title>
          <List size="sm" spacing={4}>
            {policySentences.map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
        </section>
        <DialogActions
          failure={failure}
          onCancel={onCancel}
          cancelLabel={t('enroll.common.cancel')}
          submit={
            q.refund > 0
              ? t('enroll.withdraw.submitRefund', { name: q.child.firstName, amount: formatMoney(q.refund) })
              : t('enroll.withdraw.submitNoRefund', { name: q.child.firstName })
          }
          danger
          submitting={submitting}
        />
      </Stack>
    </form>
  );
}

/**
 * The refund line by line: registration, supply fee, what was already refunded, a brother's or sister's
 * sibling discount that ends with this place (and why, in a sentence), the total, where it goes.
 */
function RefundBreakdown({ quote: q }: { quote: WithdrawalQuote }) {
  const { t } = useTranslation();
  // A place given free of charge (e.g. placed by the office at no cost): nothing was paid, nothing to work out.
  if (q.registrationShare === 0 && q.supplyFeeRefund === 0 && q.refundableOnPayment === 0)
    return <Text size="sm">{t('enroll.withdraw.free')}</Text>;
  const registrationLabel =
    q.window === 'full'
      ? t('enroll.withdraw.registrationFull')
      : t('enroll.withdraw.registrationPart', {
          percent: q.policy.refundPercentAfter,
          share: formatMoney(q.registrationShare),
        });
  const rows: Array<[string, string]> = q.plan
    ? []
    : [
        [registrationLabel, formatMoney(q.registrationRefund)],
        [
          t('enroll.withdraw.supplyFee'),
          q.supplyFeeRefund > 0 ? formatMoney(q.supplyFeeRefund) : t('enroll.withdraw.notRefunded'),
        ],
      ];
  // On a payment plan (issue 23): what was paid against what the policy keeps of the place.
  if (q.plan) {
    rows.push(
      [t('enroll.withdraw.planPaid'), formatMoney(q.plan.paid)],
      [t('enroll.withdraw.planKept'), `−${formatMoney(q.plan.kept)}`],
    );
  }
  const byPolicy = q.refund + q.siblingDiscountKept;
  if (q.capped && !q.plan)
    rows.push([t('enroll.withdraw.lessRefunded'), `−${formatMoney(q.policyTotal - byPolicy)}`]);
  // A brother's or sister's discount this place earned ends with it (decision 019): said before confirming.
  if (q.siblingDiscountKept > 0)
    rows.push([
      t('enroll.withdraw.lessSiblingDiscount', { name: q.child.firstName }),
      `−${formatMoney(q.siblingDiscountKept)}`,
    ]);
  const discountTotal = q.siblingDiscounts.reduce((sum, d) => sum + d.discount, 0);
  const when =
    q.window === 'full'
      ? t('enroll.withdraw.withinFullPeriod', { date: formatPolicyDay(q.fullRefundUntil) })
      : t('enroll.withdraw.fullPeriodEnded', { date: formatPolicyDay(q.fullRefundUntil) });
  return (
    <Stack gap="xs">
      <Text size="sm">{when}</Text>
      <AmountTable
        label={t('enroll.withdraw.yourRefund')}
        rows={rows}
        totalLabel={t('enroll.withdraw.yourRefund')}
        total={formatMoney(q.refund)}
      />
      {q.siblingDiscounts.map((d) => (
        <Text size="sm" key={`${d.sessionName}:${d.firstNames.join()}`}>
          {t(
            q.siblingDiscountKept < discountTotal
              ? 'enroll.withdraw.siblingDiscountEndsPart'
              : 'enroll.withdraw.siblingDiscountEnds',
            {
              siblings: joinNames(d.firstNames),
              session: d.sessionName,
              amount: formatMoney(d.discount),
              name: q.child.firstName,
              kept: formatMoney(q.siblingDiscountKept),
            },
          )}
        </Text>
      ))}
      {q.plan && q.plan.owed > 0 ? (
        <Text size="sm" fw={500}>
          {t('enroll.withdraw.planOwed', { amount: formatMoney(q.plan.owed) })}
        </Text>
      ) : q.plan ? (
        <Text size="sm">{t('enroll.withdraw.planCancelled')}</Text>
      ) : null}
      {q.refund > 0 ? (
        <Text size="sm">
          {q.refundMethod === 'office'
            ? t('enroll.withdraw.backViaOffice', { amount: formatMoney(q.refund) })
            : t('enroll.withdraw.backToCard', { amount: formatMoney(q.refund) })}
        </Text>
      ) : q.siblingDiscountKept === 0 ? (
        <Text size="sm">{t('enroll.withdraw.nothingToRefund')}</Text>
      ) : null}
    </Stack>
  );
}
