/* Herald Cloud: sets the colour scheme before the first paint, as Mantine's ColorSchemeScript does inline (the
 * CSP allows no inline script). The page painted from the HTML (docs/decisions/017) is styled by Mantine's CSS,
 * which reads this attribute; the app keeps it up to date afterwards. Same key and values as Mantine's
 * localStorage colour scheme manager: 'light', 'dark' or 'auto' (the system's). */
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('mantine-color-scheme-value');
  } catch (error) {
    // Storage may be blocked: follow the system.
  }
  var scheme =
    stored === 'light' || stored === 'dark'
      ? stored
      : window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
