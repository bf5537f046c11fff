// The panel's look, adopted by its shadow root as a constructed stylesheet: a page whose CSP has no
// style-src 'unsafe-inline' accepts it (as it does the elements' own sheets).
export const PANEL_CSS = `
:host { all: initial; }
.panel {
  position: fixed; z-index: 2147483000; box-sizing: border-box;
  width: min(320px, calc(100vw - 16px)); max-height: calc(100vh - 16px); display: flex; flex-direction: column;
  font: 13px/1.4 system-ui, sans-serif; color: #1b1b1f; background: #ffffff;
  border: 1px solid #5c5c66; border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 25%);
}
.panel[data-collapsed] { width: auto; }
.bar { display: flex; gap: 4px; align-items: center; padding: 4px; background: #ececf1; border-radius: 8px 8px 0 0; }
.panel[data-collapsed] .bar { border-radius: 8px; }
.handle { flex: 1; cursor: grab; touch-action: none; text-align: start; }
.handle:active { cursor: grabbing; }
button, select { font: inherit; color: inherit; min-height: 28px; }
button { background: #ffffff; border: 1px solid #5c5c66; border-radius: 4px; padding: 2px 8px; }
select { background: #ffffff; border: 1px solid #5c5c66; border-radius: 4px; width: 100%; min-width: 0; }
:focus-visible { outline: 2px solid #0b57d0; outline-offset: 1px; }
.body { overflow: auto; padding: 8px; display: grid; grid-template-columns: minmax(0, 1fr); gap: 6px; }
.body[hidden] { display: none; }
.row { display: grid; grid-template-columns: 7.5em minmax(0, 1fr); gap: 6px; align-items: center; }
fieldset { border: 1px solid #c4c4cc; border-radius: 4px; margin: 0; padding: 6px; display: grid; gap: 6px; }
legend { padding: 0 4px; font-weight: 600; }
.log-head { display: flex; justify-content: space-between; align-items: center; }
h2 { font-size: 13px; margin: 0; }
.log { max-height: 180px; overflow: auto; border: 1px solid #c4c4cc; border-radius: 4px; }
ol { list-style: none; margin: 0; padding: 0; font: 12px/1.35 ui-monospace, monospace; }
li { padding: 2px 4px; border-bottom: 1px solid #ececf1; overflow-wrap: anywhere; }
.source { font-weight: 600; }
@media (prefers-color-scheme: dark) {
  .panel { color: #ececf1; background: #1b1b1f; border-color: #a0a0aa; }
  .bar { background: #2c2c33; }
  button, select { background: #2c2c33; border-color: #a0a0aa; }
  fieldset, .log { border-color: #5c5c66; }
  li { border-color: #2c2c33; }
  :focus-visible { outline-color: #8ab4f8; }
}
`;
