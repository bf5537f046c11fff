/**
 * The elements' stylesheets under a strict Content-Security-Policy. A `<style>` element is inline
 * style: a page whose policy has no `style-src 'unsafe-inline'` (nor a nonce) refuses it, and the
 * elements would render unstyled. A constructable stylesheet (`new CSSStyleSheet()` + `replaceSync`)
 * adopted by a shadow root is not inline markup, so no policy blocks it. Each style text gets one
 * sheet per document, shared by every element's shadow root.
 *
 * Browsers without constructable stylesheets (before Chrome 73, Firefox 101, Safari 16.4) get a
 * `<style>` element instead, carrying the nonce of `<meta name="csp-nonce" content="…">` (the
 * convention Stencil's runtime reads for its own `<style>` elements too) when the page has one.
 */

/** Whether this browser can adopt constructed stylesheets into shadow roots. */
export const CONSTRUCTABLE: boolean = (() => {
  try {
    return 'adoptedStyleSheets' in document && 'replaceSync' in CSSStyleSheet.prototype;
  } catch {
    return false;
  }
})();

const sheets = new WeakMap<Document, Map<string, CSSStyleSheet>>();

/** The shared sheet of `css` for `doc` (a sheet can only be adopted in the document that made it). */
function sheetFor(doc: Document, css: string): CSSStyleSheet {
  let byText = sheets.get(doc);
  if (!byText) sheets.set(doc, (byText = new Map()));
  let sheet = byText.get(css);
  if (!sheet) {
    sheet = new (doc.defaultView?.CSSStyleSheet ?? CSSStyleSheet)();
    sheet.replaceSync(css);
    byText.set(css, sheet);
  }
  return sheet;
}

/**
 * Adds the sheets of `styles`, in order, to the shadow root `node` is in (each once; sheets the root
 * already has keep their place). Returns false when it cannot: no constructable stylesheets, or the
 * node is not in a shadow root; the caller then renders a `<style>` element with `cspNonce()`.
 */
export function adoptStyles(node: Node | null | undefined, ...styles: string[]): boolean {
  if (!CONSTRUCTABLE || !node) return false;
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot)) return false;
  const wanted = styles.map((css) => sheetFor(root.ownerDocument, css));
  const missing = wanted.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
  return true;
}

/** The page's CSP nonce for style elements, from `<meta name="csp-nonce" content="…">`. */
export function cspNonce(doc: Document = document): string | undefined {
  return doc.head?.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
}

/**
 * The stylesheets of the sign-in views beyond the first-render ones: lazily loaded chunks (the later
 * views, the metadata grid) add theirs when they load, and the view frame adopts them all.
 */
export const viewSheets: string[] = [];

/** Adds a lazily loaded chunk's rules to the views' stylesheets (once). */
export function addViewSheet(css: string): void {
  if (!viewSheets.includes(css)) viewSheets.push(css);
}
