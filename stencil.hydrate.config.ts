import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';
import { config as browser, reactWrappers } from './stencil.config';

/** The elements whose shadow parts are <passage-auth>'s (documented there only: the same views). */
const SHARING_PARTS = ['passage-login', 'passage-register'];
const PARTS_HEADING = '## Shadow Parts\n';
/** The section Stencil writes after the parts. */
const AFTER_PARTS = '## CSS Custom Properties\n';

type ManifestDeclaration = { tagName?: string; cssParts?: unknown } & Record<string, unknown>;

/** The "Shadow Parts" section of a generated readme, up to the next section. */
function partsSection(readme: string): string | undefined {
  const start = readme.indexOf(PARTS_HEADING);
  if (start < 0) return undefined;
  const next = readme.indexOf('\n## ', start);
  return readme.slice(start, next < 0 ? undefined : next + 1);
}

/** Puts <passage-auth>'s "Shadow Parts" section into the others' readmes, where Stencil puts it. */
function copyReadmeParts(root: string): void {
  const readmeOf = (tag: string) => join(root, 'docs/elements/components', tag, 'readme.md');
  const parts = partsSection(readFileSync(readmeOf('passage-auth'), 'utf8'));
  if (!parts) throw new Error('passage-auth: its readme lists no shadow parts');
  for (const tag of SHARING_PARTS) {
    const readme = readFileSync(readmeOf(tag), 'utf8');
    const at = readme.indexOf(AFTER_PARTS);
    if (partsSection(readme) || at < 0) throw new Error(`${tag}: parts of its own, or no ${AFTER_PARTS}`);
    writeFileSync(readmeOf(tag), readme.slice(0, at) + parts + readme.slice(at));
  }
}

/** A declaration of custom-elements.json with `cssParts`, before `cssProperties` as Stencil writes it. */
function withParts(declaration: ManifestDeclaration, cssParts: unknown): ManifestDeclaration {
  if (declaration.cssParts) throw new Error(`${declaration.tagName}: parts of its own`);
  const entries = Object.entries(declaration);
  const at = entries.findIndex(([key]) => key === 'cssProperties');
  entries.splice(at < 0 ? entries.length : at, 0, ['cssParts', cssParts]);
  return Object.fromEntries(entries);
}

/** Gives the others <passage-auth>'s `cssParts` in custom-elements.json. */
function copyManifestParts(root: string): void {
  const file = join(root, 'custom-elements.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    modules: { declarations: ManifestDeclaration[] }[];
  };
  const auth = manifest.modules
    .flatMap((module) => module.declarations)
    .find((declaration) => declaration.tagName === 'passage-auth');
  if (!auth?.cssParts) throw new Error('passage-auth: custom-elements.json lists no cssParts');
  for (const module of manifest.modules) {
    module.declarations = module.declarations.map((declaration) =>
      SHARING_PARTS.includes(declaration.tagName ?? '') ? withParts(declaration, auth.cssParts) : declaration,
    );
  }
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}

/**
 * The second build of `npm run build:elements`: the hydrate app (exported as open-passage/hydrate),
 * which renders the elements to HTML in Node with their shadow roots as declarative shadow DOM, and
 * the React wrappers' server-rendering twins (open-passage-react/ssr). See docs/server-rendering.md.
 * A build of its own because Stencil adds client-side hydration to the browser's runtime of any build
 * that has a hydrate output: over 3 kB of the first render's budget (docs/performance.md) for nodes the
 * elements replace anyway (they render their form again once the browser has the app).
 */
export const config: Config = {
  ...browser,
  outputTargets: [
    // After the browser build wrote the docs (docs/elements, custom-elements.json): the shadow parts
    // of <passage-login> and <passage-register> are <passage-auth>'s, written once in its JSDoc.
    {
      type: 'custom',
      name: 'shared-parts-docs',
      generator: async (config) => {
        copyReadmeParts(config.rootDir ?? '.');
        copyManifestParts(config.rootDir ?? '.');
      },
    },
    // Minified: servers do not mind, the package's size does.
    { type: 'dist-hydrate-script', dir: 'dist/hydrate', minify: true },
    reactOutputTarget({
      ...reactWrappers,
      // `<tag>.server.ts` for each wrapper: the element rendered by the hydrate app on the server, the
      // browser's wrapper in the browser. The profile needs the signed-in user, which only the browser has.
      hydrateModule: 'open-passage/hydrate',
      clientModule: 'open-passage-react',
      excludeServerSideRenderingFor: ['passage-profile'],
    }),
  ],
};
