/**
 * The theme every element shares, on its `.container`: the light defaults of the documented
 * variables, the dark ones on `[data-theme=dark]`, and the container itself. The app's customization
 * is set inline on the same element (it wins over both) and a page's own `--passage-*` wins over
 * everything (see variables.ts). Shorthands for the rules that build on it: `--_bg`, `--_text`,
 * `--_muted`, `--_link`, `--_error`, `--_ok`, `--_focus`.
 */
export const THEME_STYLES = `
.container{
--passage-container-background-color-default:#ffffff;--passage-container-max-width-default:300px;
--passage-container-padding-default:24px;--passage-container-border-radius-default:5px;
--passage-container-box-shadow-default:none;
--passage-header-font-family-default:Helvetica,Arial,sans-serif;--passage-header-text-color-default:#222222;
--passage-header-font-size-default:24px;--passage-header-font-weight-default:700;
--passage-body-font-family-default:Helvetica,Arial,sans-serif;--passage-body-text-color-default:#222222;
--passage-body-font-size-default:14px;--passage-muted-text-color-default:#5c5c5c;
--passage-link-color-default:#1a56db;--passage-error-color-default:#c62828;
--passage-success-color-default:#2e7d32;--passage-focus-ring-color-default:#1a56db;
--passage-input-box-background-color-default:#ffffff;--passage-input-box-text-color-default:#222222;
--passage-input-box-border-radius-default:5px;--passage-input-box-border-color-default:#767676;
--passage-input-box-border-width-default:1px;--passage-otp-box-size-default:40px;
--passage-primary-button-background-color-default:#121212;--passage-primary-button-text-color-default:#f3f3f3;
--passage-primary-button-background-hover-color-default:#4d4d4d;
--passage-primary-button-border-radius-default:5px;--passage-primary-button-border-color-default:#121212;
--passage-primary-button-border-width-default:0px;--passage-primary-button-width-default:40%;
--passage-primary-button-font-size-default:14px;
--passage-secondary-button-background-color-default:#ffffff;--passage-secondary-button-text-color-default:#222222;
--passage-secondary-button-background-hover-color-default:#d7d7d7;
--passage-secondary-button-border-radius-default:5px;--passage-secondary-button-border-color-default:#d7d7d7;
--passage-secondary-button-border-width-default:1px;--passage-secondary-button-font-size-default:14px;
}
.container[data-theme=dark]{
--passage-container-background-color-default:#383838;--passage-header-text-color-default:#f3f3f3;
--passage-body-text-color-default:#f3f3f3;--passage-muted-text-color-default:#c9c9c9;
--passage-link-color-default:#8ab4f8;--passage-error-color-default:#ff8a80;
--passage-success-color-default:#81c995;--passage-focus-ring-color-default:#8ab4f8;
--passage-input-box-background-color-default:#4b4b4b;--passage-input-box-text-color-default:#f3f3f3;
--passage-input-box-border-color-default:#a3a3a3;
--passage-primary-button-background-color-default:#f3f3f3;--passage-primary-button-text-color-default:#121212;
--passage-primary-button-background-hover-color-default:#d7d7d7;--passage-primary-button-border-color-default:#f3f3f3;
--passage-secondary-button-background-color-default:#383838;--passage-secondary-button-text-color-default:#f3f3f3;
--passage-secondary-button-background-hover-color-default:#4d4d4d;--passage-secondary-button-border-color-default:#6f6f6f;
}
.container{
--_bg:var(--passage-container-background-color,var(--passage-container-background-color-default));
--_text:var(--passage-body-text-color,var(--passage-body-text-color-default));
--_muted:var(--passage-muted-text-color,var(--passage-muted-text-color-default));
--_link:var(--passage-link-color,var(--passage-link-color-default));
--_error:var(--passage-error-color,var(--passage-error-color-default));
--_ok:var(--passage-success-color,var(--passage-success-color-default));
--_focus:var(--passage-focus-ring-color,var(--passage-focus-ring-color-default));
box-sizing:border-box;position:relative;margin:0 auto;
max-width:var(--passage-container-max-width,var(--passage-container-max-width-default));
padding:var(--passage-container-padding,var(--passage-container-padding-default));
border-radius:var(--passage-container-border-radius,var(--passage-container-border-radius-default));
box-shadow:var(--passage-container-box-shadow,var(--passage-container-box-shadow-default));
background:var(--_bg);color:var(--_text);
font-family:var(--passage-body-font-family,var(--passage-body-font-family-default));
font-size:var(--passage-body-font-size,var(--passage-body-font-size-default));line-height:1.4;
}
.container *,.container *::before,.container *::after{box-sizing:border-box}
`;

/**
 * The stylesheet of every view, adopted by the element's shadow root by the view frame (a <style>
 * where constructable sheets are missing, see sheets.ts), so the views are self-contained wherever
 * they are rendered: the shared theme, then the views. An empty live region (`.status`,
 * `.error:empty`) stays in the accessibility tree, so its next message is announced, but collapsed.
 * (No comments inside the CSS text: they would be shipped.)
 */
export const VIEW_STYLES = `${THEME_STYLES}.view{display:grid;gap:12px;animation:fade .3s ease-out}
@keyframes fade{from{opacity:0}}
@keyframes spin{to{transform:rotate(360deg)}}
.title{margin:0;text-align:center;outline:none;
font-family:var(--passage-header-font-family,var(--passage-header-font-family-default));
font-size:var(--passage-header-font-size,var(--passage-header-font-size-default));
font-weight:var(--passage-header-font-weight,var(--passage-header-font-weight-default));
color:var(--passage-header-text-color,var(--passage-header-text-color-default))}
form{display:grid;gap:12px;margin:0}
.field{display:grid;gap:4px}
label{font-size:14px}
.input{width:100%;min-height:40px;padding:8px 10px;font:inherit;
color:var(--passage-input-box-text-color,var(--passage-input-box-text-color-default));
background:var(--passage-input-box-background-color,var(--passage-input-box-background-color-default));
border:var(--passage-input-box-border-width,var(--passage-input-box-border-width-default)) solid var(--passage-input-box-border-color,var(--passage-input-box-border-color-default));
border-radius:var(--passage-input-box-border-radius,var(--passage-input-box-border-radius-default))}
.input[aria-invalid=true]{border-color:var(--_error)}
.input[readonly]{pointer-events:none;opacity:.8}
:focus-visible{outline:2px solid var(--_focus);outline-offset:2px}
.error{margin:0;min-height:0;color:var(--_error);font-size:13px}
.status,.error:empty,.confirmation:empty,.text:empty{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.primary,.secondary{min-height:40px;padding:8px 16px;font:inherit;cursor:pointer;justify-self:center}
.primary{min-width:var(--passage-primary-button-width,var(--passage-primary-button-width-default));
font-size:var(--passage-primary-button-font-size,var(--passage-primary-button-font-size-default));
color:var(--passage-primary-button-text-color,var(--passage-primary-button-text-color-default));
background:var(--passage-primary-button-background-color,var(--passage-primary-button-background-color-default));
border:var(--passage-primary-button-border-width,var(--passage-primary-button-border-width-default)) solid var(--passage-primary-button-border-color,var(--passage-primary-button-border-color-default));
border-radius:var(--passage-primary-button-border-radius,var(--passage-primary-button-border-radius-default))}
.primary:hover:not(:disabled){background:var(--passage-primary-button-background-hover-color,var(--passage-primary-button-background-hover-color-default))}
button:disabled,button[aria-disabled=true]{cursor:default;opacity:.6}
.link{padding:0;border:0;background:none;font:inherit;color:var(--_link);text-decoration:underline;cursor:pointer}
.toggle{margin:0;text-align:center}
.banner{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:center;gap:4px;margin:0;text-align:center}
.banner strong{overflow-wrap:anywhere}
.notice{margin:0;padding:8px;text-align:center;border:1px solid var(--_error);border-radius:5px;color:var(--_error)}
.spinner{width:32px;height:32px;margin:24px auto;border:3px solid var(--_muted);border-top-color:transparent;border-radius:50%;animation:spin .5s linear infinite}
.branding{margin:16px 0 0;text-align:center;font-size:12px;color:var(--_muted)}
.phone{display:flex;gap:6px}
.country{flex:0 0 42%;min-width:0}.country[hidden]{display:none}
@media (prefers-reduced-motion:reduce){.view,.spinner{animation:none}}
`;
