/**
 * Swagger UI's stock colours fail WCAG AA contrast (white on light method badges, grey version badge), and the
 * e2e suite holds every page, the API reference included, to axe's serious/critical rules. Served as a
 * same-origin stylesheet, so the CSP needs no exception.
 */
export const API_DOCS_THEME_CSS = ['get', 'post', 'put', 'patch', 'delete']
  .map((method, index) => {
    const background = ['#0b5394', '#1e6b30', '#8a4b00', '#006b5e', '#b71c1c'][index];
    // Same selector as Swagger UI's own rule plus html: ours wins by specificity, not by load order.
    return `html .swagger-ui .opblock.opblock-${method} .opblock-summary-method { background: ${background}; color: #fff; }`;
  })
  .concat([
    'html .swagger-ui .info .title small { background: #4a5160; }',
    'html .swagger-ui .info .title small.version-stamp { background: #2f6b1a; }',
    'html .swagger-ui .info .link .url, html .swagger-ui .info a { color: #1a4d8f; }',
    'html .swagger-ui .btn.cancel { border-color: #b71c1c; color: #b71c1c; }',
    'html .swagger-ui .btn.execute { background-color: #0b5394; border-color: #0b5394; }',
    'html .swagger-ui .download-contents, html .swagger-ui .copy-to-clipboard { background: #4a5160; }',
  ])
  .join('\n');

/**
 * Swagger UI renders its copy-to-clipboard buttons as icons without an accessible name (axe button-name).
 * Names them as they appear; external and same-origin, so script-src 'self' holds.
 */
export const API_DOCS_THEME_JS = `(() => {
  const nameCopyButtons = () => {
    for (const button of document.querySelectorAll('.copy-to-clipboard > button:not([aria-label])')) {
      button.setAttribute('aria-label', 'Copy to clipboard');
    }
  };
  new MutationObserver(nameCopyButtons).observe(document.documentElement, { childList: true, subtree: true });
  nameCopyButtons();
})();
`;
