import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('writes the five meaningful characters as entities and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a> $1 ü`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt; $1 ü',
    );
  });

  it('escapes an ampersand once, so an entity in the text is shown as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
