// The layering of the sources (docs/contributing.md, "Repository layout"), checked by `npm run lint`:
// - the folders of src/ and server/src import each other in no loop of any length, at every depth;
// - in src/, imports point down these layers only: the views over the flows over the client over the
//   wire contract, so a loop through a subfolder (components/a -> flow -> components/b) fails too.
// Tests may wire real parts of two layers together (a port's test with its adapter): they are left out.

/** src/'s folders, top layer first: a folder may import only from the layers below its own. */
const SRC_LAYERS = [
  ['dev'],
  ['components'],
  ['phone'],
  ['flow'],
  ['client', 'i18n', 'icons', 'themes'],
  ['contract'],
];
const folders = (layers) => `^src/(${layers.flat().join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-loop',
      comment: 'Folders import each other one way only; this one is on a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|server/src)/' },
      to: { circular: true },
    },
    ...SRC_LAYERS.slice(1).map((layer, i) => ({
      name: 'src-layers',
      comment: `src/${layer.join(', src/')} may not import from the layers above: ${SRC_LAYERS.slice(0, i + 1)
        .flat()
        .join(', ')}.`,
      severity: 'error',
      from: { path: folders([layer]) },
      to: { path: folders(SRC_LAYERS.slice(0, i + 1)) },
    })),
  ],
  options: {
    exclude: { path: '(\\.test\\.[a-z]+|(^|/)test-support\\.[a-z]+)$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
