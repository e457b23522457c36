import { describe, expect, it } from 'vitest';
import { parsePagePreloads, withPagePreloads, type PagePreloads } from './page-preloads';

const preloads: PagePreloads = {
  pages: [{ path: '^/workspace/[^/]+/?$', files: ['assets/layout-1.js', 'assets/react-2.js'] }],
};
const html =
  '<html><head><link rel="modulepreload" crossorigin href="/assets/react-2.js"></head><body></body></html>';

describe('the chunks preloaded with a page', () => {
  it("adds the matching page's chunks that the HTML does not load already", () => {
    expect(withPagePreloads(html, '/workspace/abc123', preloads)).toBe(
      '<html><head><link rel="modulepreload" crossorigin href="/assets/react-2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/layout-1.js"></head><body></body></html>',
    );
  });

  it.each(['/', '/workspace', '/workspace/abc/members', '/profile'])(
    'leaves %s as it is',
    (pathname) => {
      expect(withPagePreloads(html, pathname, preloads)).toBe(html);
    },
  );

  it('reads the build file, and nothing from a malformed one', () => {
    expect(parsePagePreloads(JSON.stringify(preloads))).toEqual(preloads);
    expect(parsePagePreloads('{')).toEqual({ pages: [] });
    expect(parsePagePreloads('{"pages":3}')).toEqual({ pages: [] });
  });

  it('drops a page whose files are not plain asset names (they go into an attribute)', () => {
    const bad = {
      pages: [
        { path: '^/a$', files: ['assets/x.js"><script>'] },
        { path: '^/b$', files: ['../secret.js'] },
        { path: '^/c$', files: ['assets/ok-1.js'] },
      ],
    };
    expect(parsePagePreloads(JSON.stringify(bad))).toEqual({
      pages: [{ path: '^/c$', files: ['assets/ok-1.js'] }],
    });
  });
});
