import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveAccountLanguage } from '../api/auth';
import { applyLanguage, type Language } from '../i18n/i18n';
import { getToken } from '../lib/auth-token';

/**
 * Switches the site between English and Spanish (issue 14), in the header and the drawer. It names the
 * other language in that language ("Español" on the English site), marked with its `lang` so a screen
 * reader pronounces it right, and remembers the choice (localStorage "language", and the account's
 * language when signed in). `compact` (the header,
 * where the links need the room) shows just "ES" or "EN".
 */
export function LanguageSwitch(props: ButtonProps & { onSwitched?: () => void; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { onSwitched, compact = false, ...buttonProps } = props;
  const other: Language = i18n.language === 'es' ? 'en' : 'es';
  return (
    <Button
      variant="default"
      radius="xl"
      {...buttonProps}
      lang={other}
      title={t('language.switchTo')}
      // The header's compact form shows "ES"/"EN" and keeps the language's name as its accessible name.
      aria-label={compact ? t('language.switchToShort') : undefined}
      px={compact ? 10 : undefined}
      onClick={() => {
        applyLanguage(other, true);
        // Signed in: the account keeps it too, so the family's emails follow (issue 14). A failure is
        // harmless here (the page has switched); the next switch tries again.
        if (getToken()) saveAccountLanguage(other).catch(() => undefined);
        onSwitched?.();
      }}
    >
      {compact ? other.toUpperCase() : t('language.switchToShort')}
    </Button>
  );
}
