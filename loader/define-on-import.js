// The main entry's one side effect (scripts/elements-package.mjs appends this file, minified, to
// dist/index.js, which package.json's `sideEffects` lists): `import 'open-passage'` defines each public
// element when its tag first appears in the document, loading only that element's module (a chunk of its
// own for bundlers: the paths are static). Outside a browser (server rendering, Node, test runners without
// a DOM) it does nothing, so importing the package there never throws. Tags inside another component's
// shadow root are not seen: there, `defineCustomElements()` from `open-passage/loader` defines them.
// The paths hold from dist/ as from loader/.
const ON_IMPORT = {
  'passage-auth': () => import('../dist/open-passage/passage-auth.js'),
  'passage-login': () => import('../dist/open-passage/passage-login.js'),
  'passage-register': () => import('../dist/open-passage/passage-register.js'),
  'passage-profile': () => import('../dist/open-passage/passage-profile.js'),
};
const inBrowser =
  typeof document !== 'undefined' &&
  typeof customElements !== 'undefined' &&
  typeof MutationObserver !== 'undefined';
if (inBrowser) {
  const pending = new Map(Object.entries(ON_IMPORT).filter(([tag]) => !customElements.get(tag)));
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1) look(node);
  });
  const look = (root) => {
    for (const [tag, load] of pending) {
      if (root.localName === tag || root.querySelector(tag)) {
        pending.delete(tag);
        load().then((module) => module.defineCustomElement());
      }
    }
    if (pending.size === 0) observer.disconnect();
  };
  if (pending.size > 0) {
    observer.observe(document, { childList: true, subtree: true });
    look(document.documentElement);
  }
}
