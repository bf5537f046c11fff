/**
 * `import css from './x.css?inline'`: the stylesheet's text, minified at build time (the `inlineCss`
 * plugin of stencil.config.ts, which Vitest uses too), for `adoptStyles` of themes/sheets.ts.
 */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
