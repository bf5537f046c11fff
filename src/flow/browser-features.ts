// What the browser can do is the client's to detect and describe; the flow decides with it.
export { type BrowserFeatures, conditionalUiAllowed, NO_FEATURES } from '../client/features';
