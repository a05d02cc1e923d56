import { zodResolver } from '@hookform/resolvers/zod';
import { type PassCard, PassCodeSchema } from '@lc/contract';
import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { openPassCard } from '../../api/passes.ts';
import { site } from '../../content/site.ts';
import { failedWith, failureField, failureMessage } from '../../features/forms/feedback.ts';
import { TextField } from '../../features/forms/fields.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { codeFromHash } from '../../features/passes/format.ts';
import { PassCardView, passTitle } from '../../features/passes/pass-card.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** The code of the pass this tab opened: kept for a reload, gone when the tab closes. */
const STORAGE_KEY = 'pickupPassCode';

function storedCode(): string {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function storeCode(code: string | null): void {
  try {
    if (code) window.sessionStorage.setItem(STORAGE_KEY, code);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: a reload asks for the code again.
  }
}

type Opened =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'shown'; card: PassCard }
  /** `message`: the server's words (shown in the visitor's language when known), or null for "could not open". */
  | ({ status: 'failed'; code: string } & Reason);

type Reason = { message: string | null; onField: boolean };

/**
 * What to say when a code did not open a pass (read through feedback.ts): by the field when it is about the
 * code (an unknown code is a 404 that says so for the field), how long to wait after too many tries, else
 * null for "could not open".
 */
function reasonOf(error: unknown): Reason {
  const aboutCode = failureField(error, 'code');
  if (aboutCode) return { message: aboutCode, onField: true };
  if (failedWith(error, 429)) return { message: failureMessage(error, '') || null, onField: false };
  return { message: null, onField: false };
}

/**
 * /pass — a pickup adult's pass (issue 11), opened from the link in their email (`/pass#<code>`), no login.
 * The code rides in the fragment, which browsers never send to a server; the page takes it out of the address
 * bar at once and keeps it in this tab's session storage so a reload still shows the pass. Without a code, or
 * with one that opens nothing, it asks for the code printed in the email. Never indexed.
 */
export default function PassPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [code, setCode] = useState(() => codeFromHash(location.hash) || storedCode());
  const [opened, setOpened] = useState<Opened>(() => (code ? { status: 'loading' } : { status: 'idle' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusCard, setFocusCard] = useState(false);
  usePageTitle(opened.status === 'shown' ? passTitle(opened.card.holderName) : t('family.passPage.title'));

  // The code leaves the address bar (and so the history and any shared screenshot of it) straight away.
  useEffect(() => {
    if (!location.hash) return;
    const fromLink = codeFromHash(location.hash);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (fromLink) setCode(fromLink);
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!code) return;
    let current = true;
    setOpened({ status: 'loading' });
    openPassCard(code).then(
      (card) => {
        if (!current) return;
        storeCode(code);
        setOpened({ status: 'shown', card });
      },
      (error: unknown) => {
        if (!current) return;
        if (failedWith(error, 404)) storeCode(null);
        setOpened({ status: 'failed', code, ...reasonOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  useEffect(() => {
    if (focusCard && opened.status === 'shown') {
      headingRef.current?.focus();
      setFocusCard(false);
    }
  }, [focusCard, opened.status]);

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }} w="100%">
      {/* A pass is private: search engines must never list this address. */}
      <meta name="robots" content="noindex" />
      {opened.status === 'loading' ? (
        <Stack align="center" gap="md" role="status" py="xl">
          <Loader aria-hidden="true" />
          <Title order={1} size="h3">
            {t('family.passPage.opening')}
          </Title>
        </Stack>
      ) : null}
      {opened.status === 'shown' ? (
        <PassCardView card={opened.card} headingLevel={1} headingId="pass-title" headingRef={headingRef}>
          {opened.card.status === 'Active' ? (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('family.passPage.using')}
              </Title>
              <Text>{t('family.passPage.usingHow')}</Text>
              <Text size="sm">{t('family.passPage.keepPrivate')}</Text>
            </Stack>
          ) : (
            <Text>{t('family.passPage.questions', { phone: site.phone })}</Text>
          )}
        </PassCardView>
      ) : null}
      {opened.status === 'idle' || opened.status === 'failed' ? (
        <CodeForm
          failed={opened.status === 'failed' ? opened : null}
          onOpened={(card, typed) => {
            storeCode(typed);
            setOpened({ status: 'shown', card });
            setFocusCard(true);
          }}
        />
      ) : null}
    </Container>
  );
}

type CodeInput = z.input<typeof PassCodeSchema>;
type CodeValues = z.output<typeof PassCodeSchema>;

/** "Open your pickup pass": type the code from the email; errors by the field, focus moved there. */
function CodeForm({
  failed,
  onOpened,
}: {
  failed: Extract<Opened, { status: 'failed' }> | null;
  onOpened: (card: PassCard, code: string) => void;
}) {
  const { t } = useTranslation();
  /** The server's words (in the visitor's language when known), or "could not open" for null. */
  const said = (message: string | null) =>
    message === null ? t('family.passPage.openFailed', { phone: site.phone }) : message;
  /** The link's failure not about the code itself, shown until the typed code is sent. */
  const [linkProblem, setLinkProblem] = useState(failed && !failed.onField ? said(failed.message) : null);
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(PassCodeSchema),
    mode: 'onSubmit',
    defaultValues: { code: failed?.code ?? '' },
  });
  const { setError } = form;
  const {
    onSubmit,
    failure: problem,
    submitting,
  } = useSubmit(form, {
    action: ({ code }) => {
      setLinkProblem(null);
      return openPassCard(code);
    },
    fields: ['code'],
    onSuccess: (card, { code }) => onOpened(card, code),
    // An unknown code is a 404 whose message is for the field (useSubmit places a 400/409's only).
    intercept: (error) => {
      const reason = reasonOf(error);
      if (reason.onField)
        setError('code', { type: 'server', message: reason.message ?? undefined }, { shouldFocus: true });
      return reason.onField;
    },
    alert: (error) => said(reasonOf(error).message),
  });

  // A link that opened nothing: its code stays in the field with the reason beside it.
  useEffect(() => {
    if (failed?.onField) setError('code', { type: 'server', message: failed.message ?? undefined });
  }, [failed, setError]);

  const shown = problem ?? linkProblem;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('family.passPage.openHeading')}
        </Title>
        <Text>{failed ? t('family.passPage.linkFailed') : t('family.passPage.intro')}</Text>
        {shown ? (
          <Alert color="red" variant="light" role="alert">
            <Text>{shown}</Text>
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-label={t('family.passPage.openHeading')}>
          <Stack gap="md">
            <TextField
              form={form}
              name="code"
              label={t('family.passPage.code')}
              description={t('family.passPage.codeHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Button type="submit" loading={submitting} w="fit-content">
              {t('family.passPage.open')}
            </Button>
          </Stack>
        </form>
        <Text size="sm">{t('family.passPage.noEmail', { phone: site.phone })}</Text>
      </Stack>
    </Paper>
  );
}
