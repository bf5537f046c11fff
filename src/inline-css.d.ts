/**
 * `import css from './x.css?inline'`: the stylesheet's text, to adopt as a constructable stylesheet
 * (themes/sheets.ts). Minified at build time by the `inlineCss` plugin of stencil.config.ts (which
 * Vitest uses too); the debug panel's esbuild bundle (`build:panel`) takes it as written.
 */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
