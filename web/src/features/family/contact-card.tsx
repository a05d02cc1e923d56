import { formatPhone, listFormat, routes, type Trustee } from '@lc/contract';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { relationshipLabel } from './format.ts';

/** "Mia", "Mia and Sam", "Mia, Sam, and Leo" ("Mia, Sam y Leo"), in the language shown now. */
export function listNames(names: readonly string[]): string {
  return listFormat(intlLocale(), { style: 'long', type: 'conjunction' }).format(names);
}

/** One phone number as a tap-to-call link, or nothing when there is none. */
function PhoneLine({ label, phone, name }: { label: string; phone: string | null; name: string }) {
  if (!phone) return null;
  return (
    <li>
      <Text span fw={600}>
        {label}
      </Text>{' '}
      <Anchor href={`tel:${phone}`}>
        {formatPhone(phone)}
        <VisuallyHidden> ({name})</VisuallyHidden>
      </Anchor>
    </li>
  );
}

/**
 * An emergency contact in the family's list: name (links to its edit page), relationship, tap-to-call
 * phones, email, what they may do, and which children they are for. Rendered as a list item.
 */
export function ContactCard({ trustee, childNames }: { trustee: Trustee; childNames: readonly string[] }) {
  const { t } = useTranslation();
  // Filled dark shades: white text on them passes 4.5:1 in both themes (light badges do not).
  const badges = [
    trustee.isActive ? null : { label: t('family.contactCard.inactive'), color: 'gray.7' },
    trustee.canPickup ? { label: t('family.contactCard.canPickUp'), color: 'oak.8' } : null,
    trustee.receiveSMS ? { label: t('family.contactCard.getsTexts'), color: 'honey.9' } : null,
    trustee.receiveEmail ? { label: t('family.contactCard.getsEmails'), color: 'honey.9' } : null,
  ].filter((badge) => badge !== null);

  return (
    <Card component="li" withBorder radius="lg" padding="lg">
      <Stack gap="sm" style={{ flexGrow: 1 }}>
        <div>
          <Title order={2} size="h3">
            <Anchor component={Link} to={routes.emergencyContact(trustee.id)} inherit>
              {trustee.fullName}
            </Anchor>
          </Title>
          <Text>{relationshipLabel(trustee.relationship)}</Text>
        </div>

        {badges.length > 0 ? (
          <Group
            gap={6}
            component="ul"
            aria-label={t('family.contactCard.permissions')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {badges.map((badge) => (
              <Badge
                key={badge.label}
                component="li"
                color={badge.color}
                variant="filled"
                size="md"
                tt="none"
              >
                {badge.label}
              </Badge>
            ))}
          </Group>
        ) : null}

        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          <PhoneLine label={t('family.contactCard.cell')} phone={trustee.cellPhone} name={trustee.fullName} />
          <PhoneLine label={t('family.contactCard.home')} phone={trustee.homePhone} name={trustee.fullName} />
          {trustee.emailAddress ? (
            <li>
              <Text span fw={600}>
                {t('family.contactCard.email')}
              </Text>{' '}
              <Anchor href={`mailto:${trustee.emailAddress}`} style={{ overflowWrap: 'anywhere' }}>
                {trustee.emailAddress}
              </Anchor>
            </li>
          ) : null}
        </Stack>

        <Text size="sm">
          {childNames.length > 0 ? (
            <>
              <Text span fw={600} inherit>
                {t('family.contactCard.for')}
              </Text>{' '}
              {listNames(childNames)}
            </>
          ) : (
            t('family.contactCard.notLinked')
          )}
        </Text>

        <Group mt="auto" pt="xs">
          <Button component={Link} to={routes.emergencyContact(trustee.id)} variant="default" size="sm">
            {t('family.contactCard.edit')}
            <VisuallyHidden> {trustee.fullName}</VisuallyHidden>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
