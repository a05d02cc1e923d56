// Applies the remembered theme (localStorage "themeMode", spec §1) before the app renders, so a dark-theme
// visitor never sees a white flash. An external file because the site's CSP allows no inline script.
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('themeMode');
    if (stored === 'dark' || stored === 'light') scheme = stored;
    else if (stored === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage unavailable: keep the light default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
