import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const GENERATED = ['custom-elements.json', 'docs/elements', 'src/components.d.ts'];

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

function inGitCheckout(): boolean {
  try {
    return git('rev-parse', '--is-inside-work-tree').trim() === 'true';
  } catch {
    return false;
  }
}

/**
 * `stencil build` regenerates the elements' API docs (docs/elements), custom-elements.json and
 * src/components.d.ts from the components' JSDoc. They are committed, so after a build (npm test
 * builds first) the working tree must hold exactly what is committed: a change here means a component's
 * documentation changed and the regenerated files were not committed with it.
 */
describe.runIf(inGitCheckout())('generated element docs', () => {
  it('are committed as the last build wrote them', () => {
    const changed = git('status', '--porcelain', '--untracked-files=all', '--', ...GENERATED).trim();
    expect(changed, 'run `npm run build:elements` and commit the regenerated files').toBe('');
  });
});
