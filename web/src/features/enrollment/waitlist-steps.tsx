import { List, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';

/**
 * How long a freed seat is saved for a waitlisted child (the server's WAITLIST_OFFER_HOURS default,
 * server/src/config.ts).
 */
export const WAITLIST_OFFER_HOURS = 48;

/** The waitlist in three plain steps (docs/architecture.md "Waitlist"), for the waitlist and its success page. */
export function WaitlistSteps({ headingId, title }: { headingId: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title ?? t('enroll.waitlistSteps.title')}
      </Title>
      <List type="ordered" spacing="xs" mt="sm">
        <List.Item>
          <Text>
            <Trans i18nKey="enroll.waitlistSteps.firstCome" components={{ strong: <strong /> }} />
          </Text>
        </List.Item>
        <List.Item>
          <Text>
            <Trans
              i18nKey="enroll.waitlistSteps.seatOpens"
              count={WAITLIST_OFFER_HOURS}
              components={{ strong: <strong /> }}
            />
          </Text>
        </List.Item>
        <List.Item>
          <Text>
            <Trans i18nKey="enroll.waitlistSteps.enrollThen" components={{ strong: <strong /> }} />
          </Text>
        </List.Item>
      </List>
    </section>
  );
}
