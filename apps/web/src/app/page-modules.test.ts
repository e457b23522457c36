import fs from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE as SERVER_FILE } from '@herald/contract/api/page-preloads';
import { PAGE_PRELOADS_FILE, pagePreloadsOf } from '../../vite-page-preloads';
import { PAGE_MODULES } from './page-modules';

const WEB_ROOT = path.resolve(import.meta.dirname, '../..');

function chunk(fileName: string, facade: string | null, imports: string[], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
    isEntry,
    moduleIds: [],
  } as unknown as Rolldown.OutputChunk;
}

describe('the route chunks preloaded with a page (docs/decisions/032)', () => {
  it("lists each page's route modules with their static imports, less what index.html loads", () => {
    const bundle = {
      'assets/index-1.js': chunk(
        'assets/index-1.js',
        '/web/index.html',
        ['assets/react-2.js'],
        true,
      ),
      'assets/shell-start-0.js': chunk(
        'assets/shell-start-0.js',
        '/web/src/shell-start.ts',
        [],
        true,
      ),
      'assets/react-2.js': chunk('assets/react-2.js', null, []),
      'assets/layout-3.js': chunk('assets/layout-3.js', '/web/src/layout.tsx', [
        'assets/mantine-4.js',
        'assets/react-2.js',
      ]),
      'assets/mantine-4.js': chunk('assets/mantine-4.js', null, []),
      'assets/page-5.js': chunk('assets/page-5.js', '/web/src/page.tsx', ['assets/mantine-4.js']),
    } as unknown as Rolldown.OutputBundle;
    const pages = [{ path: '^/p$', modules: ['src/layout.tsx', 'src/page.tsx'] }];
    expect(pagePreloadsOf(bundle, '/web', pages)).toEqual({
      pages: [
        { path: '^/p$', files: ['assets/layout-3.js', 'assets/mantine-4.js', 'assets/page-5.js'] },
      ],
    });
    expect(() =>
      pagePreloadsOf(bundle, '/web', [{ path: '^/q$', modules: ['src/gone.tsx'] }]),
    ).toThrow(/src\/gone\.tsx is not a chunk/);
  });

  it('writes the file the server reads', () => {
    expect(PAGE_PRELOADS_FILE).toBe(SERVER_FILE);
  });

  it('names modules that exist and that the router loads lazily', () => {
    const router = fs.readFileSync(path.join(WEB_ROOT, 'src/app/router.tsx'), 'utf8');
    for (const page of PAGE_MODULES) {
      expect(() => new RegExp(page.path)).not.toThrow();
      for (const module of page.modules) {
        expect(fs.existsSync(path.join(WEB_ROOT, module))).toBe(true);
        const fromRouter = `./${path.relative('src/app', module).replace(/\.tsx$/, '')}`;
        expect(router).toContain(`import('${fromRouter}')`);
      }
    }
  });
});
