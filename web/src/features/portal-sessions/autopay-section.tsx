/**
 * "Automatic payments" in Billing (issue 23, decision 023): the card or US bank account saved for a payment
 * plan's instalments (the parent's own, or a co-parent's, named), autopay on or off, saving a new one through
 * the provider's page (it comes back with `?method=<checkout id>`, settled here), removing it, the
 * instalments to come, and what each recent automatic payment did: paid, a bank debit processing, declined
 * with the next try's date, or waiting for the family to confirm it with their bank (pay it with Pay now).
 */
import type { AutopayAttempt, AutopayStatus, SavedMethodView } from '@lc/contract';
import { Alert, Button, Card, Group, List, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  finishMethodSetup,
  getAutopay,
  removeSavedMethod,
  setAutopay,
  startMethodSetup,
} from '../../api/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import { formatDay } from '../class-sessions/format.ts';

const day = (iso: string) => formatDay(iso, { withYear: true, locale: intlLocale() });
const REASONS = ['insufficient_funds', 'expired_card', 'authentication_required', 'account_closed'] as const;

/** "Visa ending 4242" / "Test Bank account ending 6789", in the reader's language. */
function useMethodName() {
  const { t } = useTranslation();
  return (method: Pick<SavedMethodView, 'kind' | 'label' | 'last4'>) =>
    method.kind === 'card'
      ? t('portal.billing.autopay.card', {
          brand: method.label.charAt(0).toUpperCase() + method.label.slice(1),
          last4: method.last4,
        })
      : t('portal.billing.autopay.bank', { bank: method.label, last4: method.last4 });
}

/** The section; nothing until the status is read. */
export function AutopaySection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({
    queryKey: enrollmentKeys.autopay(),
    queryFn: ({ signal }) => getAutopay(signal),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const show = (data: AutopayStatus, message: string) => {
    client.setQueryData(enrollmentKeys.autopay(), data);
    setNotice(message);
  };
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const returned = useSetupReturn(show);
  const setup = useMutation({
    mutationFn: startMethodSetup,
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
  const toggle = useMutation({
    mutationFn: setAutopay,
    onSuccess: (data, enabled) =>
      show(data, t(enabled ? 'portal.billing.autopay.turnedOn' : 'portal.billing.autopay.turnedOff')),
  });
  const remove = useMutation({
    mutationFn: removeSavedMethod,
    onSuccess: (data) => show(data, t('portal.billing.autopay.removed')),
  });
  const methodName = useMethodName();
  if (!status.data) return null;
  const { method, upcoming, attempts } = status.data;
  const failed = setup.isError || toggle.isError || remove.isError || returned.isError;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="autopay-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="autopay-heading">
          {t('portal.billing.autopay.heading')}
        </Title>
        {notice ? (
          <Alert color="green" variant="light" role="status" ref={noticeRef} tabIndex={-1}>
            {notice}
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            {t('portal.billing.autopay.failed')}
          </Alert>
        ) : null}
        {method ? (
          <>
            <Text fw={600}>
              {methodName(method)}
              {method.expMonth && method.expYear
                ? ` · ${t('portal.billing.autopay.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })}`
                : ''}
            </Text>
            {method.ownerName ? (
              <Text size="sm">{t('portal.billing.autopay.savedBy', { name: method.ownerName })}</Text>
            ) : (
              <Switch
                checked={method.autopay}
                onChange={(event) => toggle.mutate(event.currentTarget.checked)}
                disabled={toggle.isPending}
                label={t('portal.billing.autopay.toggle')}
                description={t(
                  method.autopay ? 'portal.billing.autopay.onHint' : 'portal.billing.autopay.offHint',
                )}
              />
            )}
          </>
        ) : (
          <Text>{t('portal.billing.autopay.none')}</Text>
        )}
        <Group gap="sm">
          <Button
            onClick={() => setup.mutate()}
            loading={setup.isPending}
            variant={method ? 'default' : 'filled'}
          >
            {t(method ? 'portal.billing.autopay.change' : 'portal.billing.autopay.save')}
          </Button>
          {method && !method.ownerName ? (
            <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('portal.billing.autopay.remove')}
            </Button>
          ) : null}
        </Group>
        {upcoming.length > 0 ? (
          <div>
            <Title order={3} size="h5" id="autopay-upcoming">
              {t('portal.billing.autopay.upcomingHeading')}
            </Title>
            <List aria-labelledby="autopay-upcoming" spacing={4} mt={4}>
              {upcoming.map((u) => (
                <List.Item key={`${u.dueOn}-${u.sessionName}-${u.childName}`}>
                  {t('portal.billing.autopay.upcomingItem', {
                    date: day(u.dueOn),
                    amount: formatMoney(u.amount),
                    child: u.childName ?? '',
                    session: u.sessionName,
                  })}
                  {method?.autopay ? ` · ${t('portal.billing.autopay.automatic')}` : ''}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {attempts.length > 0 ? (
          <div>
            <Title order={3} size="h5" id="autopay-attempts">
              {t('portal.billing.autopay.attemptsHeading')}
            </Title>
            <List aria-labelledby="autopay-attempts" spacing={4} mt={4}>
              {attempts.map((a) => (
                <List.Item key={a.id}>
                  <AttemptLine attempt={a} />
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

/** One automatic payment in a sentence. */
function AttemptLine({ attempt }: { attempt: AutopayAttempt }) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const reason = t(
    `portal.billing.autopay.reasons.${REASONS.find((r) => r === attempt.failureCode) ?? 'other'}`,
  );
  const values = {
    date: day(attempt.dueOn),
    amount: formatMoney(attempt.amount),
    child: attempt.childName ?? '',
    session: attempt.sessionName,
    method: methodName(attempt.method),
    reason,
    next: attempt.nextTryOn ? day(attempt.nextTryOn) : '',
  };
  const key =
    attempt.status !== 'failed'
      ? attempt.status
      : attempt.retried
        ? 'failedRetried'
        : attempt.nextTryOn
          ? 'failed'
          : 'failedLast';
  return <>{t(`portal.billing.autopay.outcome.${key}`, values)}</>;
}

/**
 * Back from saving a method (`?method=<checkout id>`): settle it once, then say it is saved (the page's
 * other queries are unaffected: saving charges nothing).
 */
function useSetupReturn(show: (data: AutopayStatus, message: string) => void) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const checkoutId = params.get('method');
  const finish = useMutation({
    mutationFn: finishMethodSetup,
    onSuccess: (data) => {
      show(data, t(data.method ? 'portal.billing.autopay.saved' : 'portal.billing.autopay.notSaved'));
      setParams(
        (current) => {
          current.delete('method');
          return current;
        },
        { replace: true },
      );
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (!checkoutId || started.current) return;
    started.current = true;
    finish.mutate(checkoutId);
  }, [checkoutId, finish]);
  return finish;
}
