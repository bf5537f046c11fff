import { THEME_STYLES } from '../../themes/styles';

/** The documented variables' fallback, written as the sign-in views write it. */
const v = (name: string) => `var(--passage-${name},var(--passage-${name}-default))`;

/** Dividers between sections and table rows: decorative, so a tint of the secondary text colour. */
const DIVIDER = 'color-mix(in srgb,var(--_muted) 40%,transparent)';

/**
 * The rules of `<passage-profile>`, on top of the shared theme (THEME_STYLES): the same documented
 * `--passage-*` variables with the same defaults as the sign-in elements, and no defaults of its own
 * but the wider container (600px). Sizes of secondary text are relative to the body size.
 * The host rules and the documented variables are in ../../themes/elements.css and passage-profile.css.
 */
export const PROFILE_RULES = `
.container.profile{--passage-container-max-width-default:600px}
h2{margin:0 0 12px;font-family:${v('header-font-family')};font-size:${v('header-font-size')};
font-weight:${v('header-font-weight')};color:${v('header-text-color')}}
h2:focus{outline:none}
:focus-visible{outline:2px solid var(--_focus);outline-offset:2px}
.section{padding-bottom:20px;margin-bottom:20px;border-bottom:1px solid ${DIVIDER}}
.section-head{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;gap:8px}
.row{display:grid;grid-template-columns:minmax(0,140px) 1fr auto;align-items:center;gap:8px;padding:8px 0}
.row.editing{grid-template-columns:1fr}
.row-label,label{font-weight:600}
.row-value{overflow-wrap:anywhere}
.muted{color:var(--_muted)}
.badge{display:inline-block;margin-inline-start:8px;padding:1px 6px;font-size:.85em;border-radius:10px;
border:1px solid currentColor;color:var(--_ok)}
.badge.muted{color:var(--_muted)}
.badge.current{color:var(--_text)}
input:not([type=checkbox]),select{width:100%;min-height:40px;padding:8px 10px;font:inherit;
color:${v('input-box-text-color')};background:${v('input-box-background-color')};
border:${v('input-box-border-width')} solid ${v('input-box-border-color')};
border-radius:${v('input-box-border-radius')}}
select{width:auto}
input[aria-invalid=true]{border-color:var(--_error)}
input[readonly],input:disabled{pointer-events:none;color:var(--_text);background:transparent;
border-color:transparent;padding-inline:0}
input[type=checkbox]{width:18px;height:18px;margin:0;accent-color:${v('primary-button-background-color')}}
input[type=checkbox]:disabled{opacity:.7}
.field-error,.alert{min-height:1em;margin:2px 0 0;font-size:.93em;color:var(--_error)}
.alert:empty{display:none}
.status{margin:8px 0 0;color:var(--_ok)}
.status:empty{display:none}
.metadata-grid{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));grid-auto-rows:75px;column-gap:10px;
min-width:min(400px,100%)}
.metadata-field{display:flex;flex-direction:column;gap:2px;min-width:0}
.metadata-field.checkbox{gap:6px}
button{min-height:40px;padding:8px 14px;font:inherit;cursor:pointer}
button:disabled,button[aria-disabled=true]{cursor:default;opacity:.6}
button[part~=primary-button]{min-width:${v('primary-button-width')};font-size:${v('primary-button-font-size')};
color:${v('primary-button-text-color')};background:${v('primary-button-background-color')};
border:${v('primary-button-border-width')} solid ${v('primary-button-border-color')};
border-radius:${v('primary-button-border-radius')}}
button[part~=primary-button]:hover:not(:disabled,[aria-disabled=true]){background:${v('primary-button-background-hover-color')}}
button[part~=secondary-button]{font-size:${v('secondary-button-font-size')};
color:${v('secondary-button-text-color')};background:${v('secondary-button-background-color')};
border:${v('secondary-button-border-width')} solid ${v('secondary-button-border-color')};
border-radius:${v('secondary-button-border-radius')}}
button[part~=secondary-button]:hover:not(:disabled){background:${v('secondary-button-background-hover-color')}}
button[part~=link],button[part~=danger-link]{min-height:0;padding:4px 2px;border:0;background:none;
color:var(--_link);text-decoration:underline}
button[part~=danger-link]{color:var(--_error)}
button[part~=danger-button]{font-size:${v('secondary-button-font-size')};color:var(--_bg);
background:var(--_error);border:${v('secondary-button-border-width')} solid var(--_error);
border-radius:${v('secondary-button-border-radius')}}
.row-actions,.modal-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.modal-actions{justify-content:flex-end}
.row-actions button,.modal-actions button,.paginator button{min-width:0}
.table-scroll{overflow-x:auto;container-type:inline-size}
table{width:100%;border-collapse:collapse}
th,td{padding:8px 6px;text-align:start;vertical-align:middle;border-bottom:1px solid ${DIVIDER}}
thead th{font-size:.85em;color:var(--_muted)}
tbody th{font-weight:400}
td.actions{white-space:nowrap;text-align:end}
td.actions button+button{margin-inline-start:10px}
td.date{white-space:nowrap}tbody th{overflow-wrap:anywhere}
/* A phone's width: the row's two actions stack, so the dates keep one line each */
@container (max-width:480px){th,td{padding-inline:3px}td.actions button{display:block;margin-inline-start:auto}
td.actions button+button{margin:6px 0 0 auto}}
.rename .row-actions{margin-top:4px}
.paginator{display:flex;align-items:center;justify-content:flex-end;flex-wrap:wrap;gap:8px;margin-top:8px}
.add-device{margin-top:12px}
.sign-out,.retry-app{display:flex;justify-content:center}
.retry-app{margin-top:12px}
.notice{text-align:center}
.notice p{margin:0 0 12px}
.problem{text-align:start;overflow-wrap:anywhere}
.modal{max-width:300px;padding:20px;color:var(--_text);background:var(--_bg);border:1px solid ${DIVIDER};
border-radius:${v('container-border-radius')};box-shadow:${v('container-box-shadow')};
font-family:${v('body-font-family')};font-size:${v('body-font-size')};animation:fade .2s ease-out}
.modal.danger{border-top:4px solid var(--_error)}
.modal-title{font-size:calc(${v('header-font-size')} * .75)}
.modal::backdrop{background:rgb(0 0 0 / 40%)}
.benefits dt{font-weight:600}
.benefits dd{margin:0 0 8px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.spinner{width:32px;height:32px;margin:24px auto;border:3px solid var(--_muted);border-top-color:transparent;
border-radius:50%;animation:spin .5s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@keyframes fade{from{opacity:0}}
@media (prefers-reduced-motion:reduce){.spinner,.modal{animation:none}}
`;

/** Everything the profile's shadow root needs, adopted as one sheet (themes/sheets.ts). */
export const PROFILE_STYLES = THEME_STYLES + PROFILE_RULES;
