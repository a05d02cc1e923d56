import type { PassCard } from '@lc/contract';
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { site } from '../../content/site.ts';
import { i18n } from '../../i18n/i18n.ts';
import { ExternalLinkButton } from '../../layout/external-link.tsx';
import { relationshipLabel } from '../family/format.ts';
import { joinFirstNames, longDay } from './format.ts';
import classes from './pass-card.module.css';

/**
 * A QR code (the server's SVG document) as an image: a `data:` URL, which the CSP allows for images, so no
 * markup from the reply is ever put into the page.
 */
export function QrImage({ svg, alt }: { svg: string; alt: string }) {
  return <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={alt} className={classes.qr} />;
}

/** "Rosa Rivera’s pickup pass" ("Pase para recoger de Rosa Rivera"), in the language shown now. */
export function passTitle(holderName: string): string {
  return i18n.t('family.passCard.title', { name: holderName });
}

/**
 * The printable pickup pass (issue 11) for the family's page and the holder's: who holds it, the children
 * they may pick up, until when, the QR code for the door's tablet and the code staff can type, wallet
 * buttons when the center offers them, and Print (only the card is printed). A pass that does not work
 * (revoked, expired, paused) shows why instead of its QR code.
 */
export function PassCardView({
  card,
  headingLevel = 2,
  headingId,
  headingRef,
  children,
}: {
  card: PassCard;
  /** 1 on the holder's page (the card is the page), 3 inside the family's pass panel. */
  headingLevel?: 1 | 2 | 3;
  headingId?: string;
  /** Given when the page moves focus to the card's heading (it is then focusable by script). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Extra words under the card's details (e.g. how to use it at the door); not printed. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const works = card.status === 'Active';
  const title = passTitle(card.holderName);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.card}
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <div>
          <Text size="sm" fw={700} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {site.name}
          </Text>
          <Title
            order={headingLevel}
            size={headingLevel === 1 ? 'h2' : 'h3'}
            id={headingId}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            mt={4}
          >
            {title}
          </Title>
          {card.relationship ? <Text>{relationshipLabel(card.relationship)}</Text> : null}
        </div>

        {works ? null : (
          <Alert color="yellow" variant="light" role="status">
            <Text fw={700}>{t('family.passCard.notWorking')}</Text>
            {card.statusReason ? <Text mt={4}>{card.statusReason}</Text> : null}
          </Alert>
        )}

        <Group align="flex-start" gap="lg" wrap="wrap">
          {works ? (
            <div style={{ flex: '0 1 15rem', minWidth: '10rem', marginInline: 'auto' }}>
              <QrImage svg={card.qrSvg} alt={t('family.passCard.qrAlt', { title })} />
            </div>
          ) : null}
          <Stack gap="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <div>
              <Text fw={700}>{t('family.passCard.mayPickUp')}</Text>
              <Text>{joinFirstNames(card.children)}</Text>
            </div>
            <div>
              <Text fw={700}>
                {works ? t('family.passCard.validUntil') : t('family.passCard.wasValidUntil')}
              </Text>
              <Text>{longDay(card.expiresAt)}</Text>
            </div>
            {works ? (
              <div>
                <Text fw={700}>{t('family.passCard.codeToType')}</Text>
                <Text className={classes.code} translate="no">
                  {card.code.split(' ').map((group, index) => (
                    <Fragment key={index}>
                      {index > 0 ? ' ' : null}
                      <span className={classes.group}>{group}</span>
                    </Fragment>
                  ))}
                </Text>
                <CopyButton value={card.code} timeout={2500}>
                  {({ copied, copy }) => (
                    <div className={classes.noPrint}>
                      <Button variant="subtle" size="compact-sm" onClick={copy} mt={4} px={6}>
                        {copied ? t('family.passCard.codeCopied') : t('family.passCard.copyCode')}
                      </Button>
                      <VisuallyHidden aria-live="polite">
                        {copied ? t('family.passCard.copiedAnnouncement') : ''}
                      </VisuallyHidden>
                    </div>
                  )}
                </CopyButton>
              </div>
            ) : null}
          </Stack>
        </Group>

        {children ? <div className={classes.noPrint}>{children}</div> : null}

        {works ? (
          <Group gap="sm" className={classes.noPrint} wrap="wrap">
            <Button variant="default" onClick={() => window.print()}>
              {t('family.passCard.print')}
            </Button>
            {card.appleWalletUrl ? (
              <Button component="a" href={card.appleWalletUrl} color="dark" variant="filled">
                {t('family.passCard.appleWallet')}
              </Button>
            ) : null}
            {card.googleWalletUrl ? (
              <ExternalLinkButton href={card.googleWalletUrl} color="dark" variant="filled">
                {t('family.passCard.googleWallet')}
              </ExternalLinkButton>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
