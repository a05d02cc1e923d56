import type { PassState, PickupPass, Trustee } from '@lc/contract';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPassCard, getPassState, revokePass } from '../../api/passes.ts';
import { passKeys } from '../../api/query-keys.ts';
import { i18n } from '../../i18n/i18n.ts';
import { getToken, readClaims } from '../../lib/auth-token.ts';
import { isNotFound, LoadFailed, Loading } from '../family/load-states.tsx';
import { failedWith } from '../forms/feedback.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';
import { joinFirstNames, longDay, passStatusColor, passStatusLabel } from './format.ts';
import { PassCardView } from './pass-card.tsx';
import { PassPhoto } from './pass-photo.tsx';
import { PinForm } from './pin-form.tsx';

type Holder = {
  /** The parent's own contact: the panel says "you" and "your". */
  isSelf: boolean;
  firstName: string;
  fullName: string;
  hasEmail: boolean;
};

/**
 * The signed-in parent's own contact is the `Parent` contact with their address; in a shared family (issue 13)
 * the other parent's own contact is listed too, and is spoken about by name.
 */
function holderOf(trustee: Trustee): Holder {
  const me = readClaims(getToken())?.email?.toLowerCase();
  return {
    isSelf: trustee.type === 'Parent' && Boolean(me) && trustee.emailAddress?.toLowerCase() === me,
    firstName: trustee.firstName,
    fullName: trustee.fullName,
    hasEmail: Boolean(trustee.emailAddress),
  };
}

/** The toast after a pass was issued: who has it, and how it reaches them. */
function issuedMessage(holder: Holder, reissued: boolean): string {
  const name = holder.firstName;
  if (holder.isSelf) {
    if (reissued)
      return i18n.t(
        holder.hasEmail
          ? 'family.passPanel.issued.selfReissuedEmailed'
          : 'family.passPanel.issued.selfReissued',
      );
    return i18n.t(
      holder.hasEmail ? 'family.passPanel.issued.selfReadyEmailed' : 'family.passPanel.issued.selfReady',
    );
  }
  if (reissued)
    return holder.hasEmail
      ? i18n.t('family.passPanel.issued.otherReissuedEmailed', { name })
      : i18n.t('family.passPanel.issued.otherReissuedShow', { name });
  return holder.hasEmail
    ? i18n.t('family.passPanel.issued.otherReadyEmailed', { name })
    : i18n.t('family.passPanel.issued.otherReadyShow', { name });
}

/**
 * The "Pickup pass" section of an emergency contact's page (issue 11): without a pass, what a pass is and
 * a form to issue one with a PIN (or why one cannot be issued); with one, its status and validity, the
 * printable card (QR code and code), the adult's photo, re-issuing (the old pass stops working) and turning
 * it off. For the parent's own contact it speaks to "you".
 */
export function PassPanel({ trustee, childNames }: { trustee: Trustee; childNames: readonly string[] }) {
  const { t } = useTranslation();
  const holder = holderOf(trustee);
  const headingId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const stateKey = passKeys.state(trustee.id);
  const loaded = useQuery({ queryKey: stateKey, queryFn: ({ signal }) => getPassState(trustee.id, signal) });
  const setPassState = (state: PassState) => queryClient.setQueryData(stateKey, state);
  const [reissuing, setReissuing] = useState(false);
  const [showCard, setShowCard] = useState(false);
  const [focusStatus, setFocusStatus] = useState(false);

  // After issuing or turning off, focus moves to the new status (the form or button that had it is gone).
  useEffect(() => {
    if (focusStatus) {
      statusRef.current?.focus();
      setFocusStatus(false);
    }
  }, [focusStatus]);

  // The contact is gone (deleted in another tab): the page around says so when reloaded; no pass to show.
  if (loaded.status === 'error' && isNotFound(loaded.error)) return null;

  const setPass = (pass: PickupPass) =>
    queryClient.setQueryData<PassState>(stateKey, (current) => current && { ...current, pass });

  const onIssued = (pass: PickupPass, reissued: boolean) => {
    setPass(pass);
    setReissuing(false);
    setFocusStatus(true);
    notifySuccess(issuedMessage(holder, reissued));
  };

  const children = joinFirstNames(childNames);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {t('family.passPanel.heading')}
        </Title>
        {loaded.status === 'pending' ? <Loading label={t('family.passPanel.loading')} /> : null}
        {loaded.status === 'error' ? (
          <LoadFailed message={t('family.passPanel.loadFailed')} retry={() => loaded.refetch()} />
        ) : null}
        {loaded.status === 'success' ? (
          <>
            {loaded.data.pass ? (
              <PassStatus pass={loaded.data.pass} holder={holder} statusRef={statusRef} />
            ) : null}

            {loaded.data.pass && loaded.data.pass.status !== 'Revoked' ? (
              <ActivePass
                trusteeId={trustee.id}
                pass={loaded.data.pass}
                holder={holder}
                cannotIssue={loaded.data.cannotIssue}
                showCard={showCard}
                setShowCard={setShowCard}
                reissuing={reissuing}
                setReissuing={setReissuing}
                onIssued={(pass) => onIssued(pass, true)}
                onRevoked={(pass) => {
                  setPass(pass);
                  setShowCard(false);
                  setReissuing(false);
                  setFocusStatus(true);
                }}
                onPhoto={setPassState}
                onGone={() => void queryClient.resetQueries({ queryKey: stateKey, exact: true })}
              />
            ) : (
              <Stack gap="sm">
                <Text>
                  {holder.isSelf
                    ? t('family.passPanel.introSelf', { children })
                    : t('family.passPanel.introOther', { name: holder.firstName, children })}
                </Text>
                {loaded.data.cannotIssue ? (
                  <Alert color="yellow" variant="light">
                    <Text>{loaded.data.cannotIssue}</Text>
                  </Alert>
                ) : (
                  <PinForm
                    trusteeId={trustee.id}
                    label={
                      holder.isSelf
                        ? t('family.passPanel.issueSelfLabel')
                        : t('family.passPanel.issueOtherLabel', { name: holder.fullName })
                    }
                    submitLabel={t('family.passPanel.issue')}
                    description={
                      holder.isSelf
                        ? t('family.passPanel.pinSelf')
                        : t('family.passPanel.pinOther', { name: holder.firstName })
                    }
                    onIssued={(pass) => onIssued(pass, Boolean(loaded.data.pass))}
                  />
                )}
              </Stack>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "Status: Active", until when, and in plain words why a pass does not work. Focused after a change. */
function PassStatus({
  pass,
  holder,
  statusRef,
}: {
  pass: PickupPass;
  holder: Holder;
  statusRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const when =
    pass.status === 'Revoked'
      ? pass.revokedAt
        ? t('family.passPanel.turnedOffOn', { date: longDay(pass.revokedAt) })
        : t('family.passPanel.turnedOff')
      : pass.status === 'Expired'
        ? t('family.passPanel.expiredOn', { date: longDay(pass.expiresAt) })
        : t('family.passPanel.validUntil', { date: longDay(pass.expiresAt) });
  return (
    <Stack gap={4} ref={statusRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
      <Group gap="sm">
        <Text fw={700}>
          {holder.isSelf
            ? t('family.passPanel.yourPass')
            : t('family.passPanel.theirPass', { name: holder.firstName })}
        </Text>
        <Badge color={passStatusColor[pass.status]} variant="filled" size="lg" tt="none">
          {passStatusLabel(pass.status)}
        </Badge>
      </Group>
      <Text>{when}</Text>
      {pass.status === 'Revoked' ? (
        <Text>{t('family.passPanel.revokedExplained')}</Text>
      ) : pass.statusReason ? (
        <Text>{pass.statusReason}</Text>
      ) : null}
      {pass.status === 'Active' && !holder.isSelf && !holder.hasEmail ? (
        <Text size="sm">{t('family.passPanel.noEmail', { name: holder.firstName })}</Text>
      ) : null}
    </Stack>
  );
}

/** A pass that has not been turned off: show its card, re-issue it, add a photo, or turn it off. */
function ActivePass(props: {
  trusteeId: string;
  pass: PickupPass;
  holder: Holder;
  /** Why no new pass can be issued now (contract PassState), or null. */
  cannotIssue: string | null;
  showCard: boolean;
  setShowCard: (show: boolean) => void;
  reissuing: boolean;
  setReissuing: (reissuing: boolean) => void;
  onIssued: (pass: PickupPass) => void;
  onRevoked: (pass: PickupPass) => void;
  onPhoto: (state: PassState) => void;
  onGone: () => void;
}) {
  const { trusteeId, pass, holder } = props;
  const { t } = useTranslation();
  const cardId = useId();
  const reissueRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);

  const revoke = async () => {
    setRevoking(true);
    try {
      const revoked = await revokePass(trusteeId);
      setConfirming(false);
      notifySuccess(
        holder.isSelf
          ? t('family.passPanel.revokedSelf')
          : t('family.passPanel.revokedOther', { name: holder.firstName }),
      );
      props.onRevoked(revoked);
    } catch (error) {
      if (failedWith(error, 404)) {
        setConfirming(false);
        notifySuccess(t('family.passPanel.alreadyOff'));
        props.onGone();
        return;
      }
      notifyError(t('family.passPanel.revokeFailed'), t('family.passPanel.revokeFailedTitle'));
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Button
          variant={props.showCard ? 'default' : 'filled'}
          aria-expanded={props.showCard}
          aria-controls={cardId}
          onClick={() => props.setShowCard(!props.showCard)}
        >
          {props.showCard ? t('family.passPanel.hidePass') : t('family.passPanel.showPass')}
        </Button>
        {props.cannotIssue ? null : (
          <Button
            ref={reissueRef}
            variant="default"
            aria-expanded={props.reissuing}
            onClick={() => props.setReissuing(!props.reissuing)}
          >
            {t('family.passPanel.issueNew')}
          </Button>
        )}
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          {t('family.passPanel.turnOff')}
        </Button>
      </Group>

      {props.cannotIssue ? <Text size="sm">{props.cannotIssue}</Text> : null}

      <div id={cardId}>{props.showCard ? <CardLoader trusteeId={trusteeId} passId={pass.id} /> : null}</div>

      {props.reissuing && !props.cannotIssue ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('family.passPanel.issueNew')}
            </Title>
            <Text size="sm">
              {holder.isSelf
                ? t('family.passPanel.reissueSelf')
                : holder.hasEmail
                  ? t('family.passPanel.reissueOtherEmailed', { name: holder.firstName })
                  : t('family.passPanel.reissueOther', { name: holder.firstName })}
            </Text>
            <PinForm
              trusteeId={trusteeId}
              label={
                holder.isSelf
                  ? t('family.passPanel.reissueSelfLabel')
                  : t('family.passPanel.reissueOtherLabel', { name: holder.fullName })
              }
              submitLabel={t('family.passPanel.reissueSubmit')}
              description={
                holder.isSelf
                  ? t('family.passPanel.reissuePinSelf')
                  : t('family.passPanel.reissuePinOther', { name: holder.firstName })
              }
              onIssued={props.onIssued}
              onCancel={() => {
                props.setReissuing(false);
                reissueRef.current?.focus();
              }}
            />
          </Stack>
        </Paper>
      ) : null}

      <PassPhoto
        trusteeId={trusteeId}
        holder={{ fullName: holder.fullName, isSelf: holder.isSelf }}
        imageUrl={pass.imageUrl}
        onUploaded={props.onPhoto}
      />

      <Modal
        opened={confirming}
        onClose={() => {
          if (!revoking) setConfirming(false);
        }}
        title={t('family.passPanel.turnOffTitle')}
        centered
      >
        <Text>
          {holder.isSelf
            ? t('family.passPanel.turnOffSelf')
            : t('family.passPanel.turnOffOther', { name: holder.fullName })}
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={revoking}>
            {t('family.passPanel.keepPass')}
          </Button>
          <Button color="red" onClick={revoke} loading={revoking}>
            {t('family.passPanel.turnOff')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The printable card of the current pass, loaded when the family asks to see it. */
function CardLoader({ trusteeId, passId }: { trusteeId: string; passId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const card = useQuery({
    queryKey: passKeys.card(trusteeId, passId),
    queryFn: ({ signal }) => getPassCard(trusteeId, signal),
  });
  if (card.status === 'pending') return <Loading label={t('family.passPanel.loadingCard')} />;
  if (card.status === 'error') {
    return <LoadFailed message={t('family.passPanel.cardFailed')} retry={() => card.refetch()} />;
  }
  return <PassCardView card={card.data} headingLevel={3} headingId={headingId} />;
}
