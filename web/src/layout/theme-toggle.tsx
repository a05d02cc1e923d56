import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

function SunIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </g>
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Light/dark switch. Mantine's colour-scheme manager stores the choice in localStorage "themeMode"
 * (spec §1); the accessible name says what pressing it will do.
 *
 * Server-rendered pages do not know the visitor's theme, so the first render (the one hydrated over the
 * server's HTML) is the light default's; CSS shows the right icon from the page's colour-scheme attribute,
 * which theme-init.js sets before first paint, and the name follows once mounted.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const scheme = useMounted() ? computed : 'light';
  const next = scheme === 'dark' ? 'light' : 'dark';
  const { t } = useTranslation();
  const label = next === 'dark' ? t('theme.switchToDark') : t('theme.switchToLight');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      onClick={() => setColorScheme(next)}
      aria-label={label}
      title={label}
    >
      <Box component="span" lh={0} lightHidden>
        <SunIcon />
      </Box>
      <Box component="span" lh={0} darkHidden>
        <MoonIcon />
      </Box>
    </ActionIcon>
  );
}
