import type { PassCard } from '@lc/contract';
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, type Ref } from 'react';
import { site } from '../../content/site.ts';
import { ExternalLinkButton } from '../../layout/external-link.tsx';
import { joinFirstNames, longDay } from './format.ts';
import classes from './pass-card.module.css';

/**
 * A QR code (the server's SVG document) as an image: a `data:` URL, which the CSP allows for images, so no
 * markup from the reply is ever put into the page.
 */
export function QrImage({ svg, alt }: { svg: string; alt: string }) {
  return <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={alt} className={classes.qr} />;
}

/** "Rosa Rivera’s pickup pass". */
export function passTitle(holderName: string): string {
  return `${holderName}’s pickup pass`;
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
          {card.relationship ? <Text>{card.relationship}</Text> : null}
        </div>

        {works ? null : (
          <Alert color="yellow" variant="light" role="status">
            <Text fw={700}>This pass does not work at our door right now</Text>
            {card.statusReason ? <Text mt={4}>{card.statusReason}</Text> : null}
          </Alert>
        )}

        <Group align="flex-start" gap="lg" wrap="wrap">
          {works ? (
            <div style={{ flex: '0 1 15rem', minWidth: '10rem', marginInline: 'auto' }}>
              <QrImage svg={card.qrSvg} alt={`QR code for ${title}`} />
            </div>
          ) : null}
          <Stack gap="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <div>
              <Text fw={700}>May pick up</Text>
              <Text>{joinFirstNames(card.children)}</Text>
            </div>
            <div>
              <Text fw={700}>{works ? 'Valid until' : 'Was valid until'}</Text>
              <Text>{longDay(card.expiresAt)}</Text>
            </div>
            {works ? (
              <div>
                <Text fw={700}>Code for our staff to type</Text>
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
                        {copied ? 'Code copied' : 'Copy code'}
                      </Button>
                      <VisuallyHidden aria-live="polite">
                        {copied ? 'The code is copied to the clipboard.' : ''}
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
              Print
            </Button>
            {card.appleWalletUrl ? (
              <Button component="a" href={card.appleWalletUrl} color="dark" variant="filled">
                Add to Apple Wallet
              </Button>
            ) : null}
            {card.googleWalletUrl ? (
              <ExternalLinkButton href={card.googleWalletUrl} color="dark" variant="filled">
                Save to Google Wallet
              </ExternalLinkButton>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
