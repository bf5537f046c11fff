/** The rules only the views after the identifier form use: they travel in the step-views chunk. */
export const STEP_VIEW_STYLES = `
.text{margin:0;text-align:center}
.muted{color:var(--_muted)}
.confirmation{margin:0;text-align:center;font-weight:600}
.icon-frame{display:contents}.icon{display:block;margin:0 auto;width:48px;height:48px;color:var(--_text)}
.icon.ok{color:var(--_ok)}.icon.bad{color:var(--_error)}
.actions{display:flex;flex-wrap:wrap;justify-content:center;gap:8px}
.secondary{
font-size:var(--passage-secondary-button-font-size,var(--passage-secondary-button-font-size-default));
color:var(--passage-secondary-button-text-color,var(--passage-secondary-button-text-color-default));
background:var(--passage-secondary-button-background-color,var(--passage-secondary-button-background-color-default));
border:var(--passage-secondary-button-border-width,var(--passage-secondary-button-border-width-default)) solid var(--passage-secondary-button-border-color,var(--passage-secondary-button-border-color-default));
border-radius:var(--passage-secondary-button-border-radius,var(--passage-secondary-button-border-radius-default))}
.secondary:hover:not(:disabled){background:var(--passage-secondary-button-background-hover-color,var(--passage-secondary-button-background-hover-color-default))}
.links{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
.links>:only-child{margin-inline:auto}
.error.centred{text-align:center}
.otp{display:flex;justify-content:center;gap:6px;direction:ltr;border:0;margin:0;padding:0;min-width:0}
.otp legend{padding:0;margin:0 0 8px;width:100%;text-align:center;font-size:14px}
.otp-box{width:var(--passage-otp-box-size,var(--passage-otp-box-size-default));height:var(--passage-otp-box-size,var(--passage-otp-box-size-default));padding:0;text-align:center;font-size:18px;min-height:0}
details{text-align:center}summary{cursor:pointer;color:var(--_link)}
.problem{text-align:start;overflow-wrap:anywhere}
`;
