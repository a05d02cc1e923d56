/**
 * "Sharing the bills" in Billing (issue 23, decision 024): for a family of two parents, how the bills are shared
 * now (by percentage or a parent per child, since a date), each parent's share (their balance and what falls
 * due next), a proposal waiting for an answer (Accept / Decline, or Withdraw one's own), and the form to
 * propose a way to share, or to stop. A refused proposal says why by its field, which takes the focus.
 */
import type { SplitView, StoredSplit } from '@lc/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { acceptSplit, declineSplit, getSplit, proposeSplit } from '../../api/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import { formatDay } from '../class-sessions/format.ts';

/** A clause as a sentence: its first letter capital, a full stop at the end. */
const sentence = (clause: string) => `${clause.charAt(0).toLocaleUpperCase()}${clause.slice(1)}.`;

const day = (iso: string) => formatDay(iso, { withYear: true, locale: intlLocale() });

/** The split in the reader's words. */
function ruleWords(t: TFunction, view: SplitView) {
  const you = view.parents.find((p) => p.you);
  const other = view.parents.find((p) => !p.you);
  const childName = (id: string) => view.children.find((c) => c.id === id)?.firstName ?? '';
  return (rule: StoredSplit) => {
    if (rule.kind === 'percent')
      return t('portal.billing.split.rule.percent', {
        yours: rule.percents[you?.id ?? ''] ?? 0,
        theirs: rule.percents[other?.id ?? ''] ?? 0,
        other: other?.firstName ?? '',
      });
    if (rule.kind === 'child') {
      const of = (parent: string | undefined) =>
        Object.entries(rule.payers)
          .filter(([, payer]) => payer === parent)
          .map(([child]) => childName(child))
          .join(', ') || t('portal.billing.split.nobody');
      return t('portal.billing.split.rule.child', {
        yours: of(you?.id),
        theirs: of(other?.id),
        other: other?.firstName ?? '',
      });
    }
    return t('portal.billing.split.rule.none');
  };
}

/** The section; a short invitation when the family has one parent. */
export function SplitSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const view = useQuery({ queryKey: enrollmentKeys.split(), queryFn: ({ signal }) => getSplit(signal) });
  const [notice, setNotice] = useState<string | null>(null);
  const done = (data: SplitView, message: string) => {
    client.setQueryData(enrollmentKeys.split(), data);
    void client.invalidateQueries({ queryKey: enrollmentKeys.account() });
    setNotice(message);
  };
  const accept = useMutation({
    mutationFn: acceptSplit,
    onSuccess: (data) => done(data, t('portal.billing.split.acceptedNotice')),
  });
  const decline = useMutation({
    mutationFn: declineSplit,
    onSuccess: (data) => done(data, t('portal.billing.split.declinedNotice')),
  });
  if (!view.data) return null;
  const data = view.data;
  const words = ruleWords(t, data);
  const other = data.parents.find((p) => !p.you);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="split-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="split-heading">
          {t('portal.billing.split.heading')}
        </Title>
        {notice ? (
          <Alert color="green" variant="light" role="status">
            {notice}
          </Alert>
        ) : null}
        {accept.isError || decline.isError ? (
          <Alert color="red" variant="light" role="alert">
            {(accept.error ?? decline.error)?.message}
          </Alert>
        ) : null}
        {!data.canSplit ? (
          <Text>
            {t('portal.billing.split.needsTwo')}{' '}
            <Anchor component={Link} to="/dashboard/family" underline="always">
              {t('portal.billing.split.familyLink')}
            </Anchor>
          </Text>
        ) : (
          <>
            <Text>
              {data.active
                ? t('portal.billing.split.activeSince', {
                    rule: words(data.active.rule),
                    date: day(data.active.since),
                  })
                : t('portal.billing.split.notShared')}
            </Text>
            {data.active ? (
              <List spacing={4} aria-label={t('portal.billing.split.sharesLabel')}>
                {data.shares.map((share) => (
                  <List.Item key={share.parentId}>
                    {t(
                      share.parentId === data.parents.find((p) => p.you)?.id
                        ? 'portal.billing.split.yourShare'
                        : 'portal.billing.split.theirShare',
                      { name: share.firstName, amount: formatMoney(Math.max(0, share.balance)) },
                    )}
                    {share.nextDue
                      ? ` ${t('portal.billing.split.next', { amount: formatMoney(share.nextDue.amount), date: day(share.nextDue.dueOn) })}`
                      : ''}
                  </List.Item>
                ))}
              </List>
            ) : null}
            {data.proposal && !data.proposal.proposedByYou ? (
              // The center's oak, not Mantine's blue: a light blue alert's title is 3.3:1 on its tint (axe).
              <Alert
                variant="light"
                title={t('portal.billing.split.proposalTitle', { name: other?.firstName ?? '' })}
              >
                <Text>{sentence(words(data.proposal.rule))}</Text>
                <Group gap="sm" mt="sm">
                  <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                    {t('portal.billing.split.accept')}
                  </Button>
                  <Button variant="default" onClick={() => decline.mutate()} loading={decline.isPending}>
                    {t('portal.billing.split.decline')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {data.proposal?.proposedByYou ? (
              <Alert
                color="gray"
                variant="light"
                title={t('portal.billing.split.waiting', { name: other?.firstName ?? '' })}
              >
                <Text>{sentence(words(data.proposal.rule))}</Text>
                <Button
                  variant="default"
                  mt="sm"
                  onClick={() => decline.mutate()}
                  loading={decline.isPending}
                >
                  {t('portal.billing.split.withdraw')}
                </Button>
              </Alert>
            ) : null}
            <ProposeForm
              view={data}
              onSent={(next) =>
                done(next, t('portal.billing.split.sentNotice', { name: other?.firstName ?? '' }))
              }
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** "Propose a way to share": by percentage, a parent per child, or stop. */
function ProposeForm({ view, onSent }: { view: SplitView; onSent: (view: SplitView) => void }) {
  const { t } = useTranslation();
  const you = view.parents.find((p) => p.you)!;
  const other = view.parents.find((p) => !p.you)!;
  const [kind, setKind] = useState<'percent' | 'child' | 'none'>('percent');
  const [percent, setPercent] = useState<number | string>(50);
  const [payers, setPayers] = useState<Record<string, string>>(() =>
    Object.fromEntries(view.children.map((c) => [c.id, you.id])),
  );
  const percentRef = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: () =>
      proposeSplit(
        kind === 'percent'
          ? { kind, yourPercent: typeof percent === 'number' ? percent : Number.NaN }
          : kind === 'child'
            ? { kind, payers }
            : { kind },
      ),
    onSuccess: onSent,
  });
  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const percentError = fields.yourPercent;
  useEffect(() => {
    if (percentError) percentRef.current?.focus();
  }, [percentError]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
      aria-labelledby="split-propose"
    >
      <Stack gap="sm">
        <Title order={3} size="h5" id="split-propose">
          {t('portal.billing.split.proposeHeading')}
        </Title>
        <Radio.Group
          value={kind}
          onChange={(value) => setKind(value as typeof kind)}
          label={t('portal.billing.split.how')}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="percent" label={t('portal.billing.split.byPercent')} />
            <Radio
              value="child"
              label={t('portal.billing.split.byChild')}
              disabled={view.children.length === 0}
            />
            {view.active ? <Radio value="none" label={t('portal.billing.split.stop')} /> : null}
          </Stack>
        </Radio.Group>
        {kind === 'percent' ? (
          <NumberInput
            ref={percentRef}
            label={t('portal.billing.split.yourPercent')}
            description={t('portal.billing.split.percentHint', { other: other.firstName })}
            value={percent}
            onChange={setPercent}
            min={1}
            max={99}
            suffix="%"
            allowDecimal={false}
            error={percentError}
            w={220}
          />
        ) : null}
        {kind === 'child'
          ? view.children.map((child) => (
              <NativeSelect
                key={child.id}
                label={t('portal.billing.split.whoPays', { child: child.firstName })}
                value={payers[child.id]}
                onChange={(event) => setPayers({ ...payers, [child.id]: event.currentTarget.value })}
                data={view.parents.map((p) => ({
                  value: p.id,
                  label: p.you ? t('portal.billing.split.you') : p.firstName,
                }))}
                error={fields.payers}
                w={260}
              />
            ))
          : null}
        {send.isError && !percentError && !fields.payers ? (
          <Alert color="red" variant="light" role="alert">
            {send.error.message}
          </Alert>
        ) : null}
        <Text size="sm">{t('portal.billing.split.agreement', { other: other.firstName })}</Text>
        <Button type="submit" w="fit-content" loading={send.isPending}>
          {t('portal.billing.split.send', { other: other.firstName })}
        </Button>
      </Stack>
    </form>
  );
}
