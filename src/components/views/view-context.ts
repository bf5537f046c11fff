import type { AuthFlow } from '../../flow/auth-flow';
import type { Message } from '../../flow/view-state';
import type { MessageKey, Translator } from '../../i18n';
import type { ThemeMode } from '../../themes/customization';

/** What every view needs besides its state: the strings, the theme, and where to report events. */
export interface ViewContext {
  t: Translator;
  /** Resolved theme (the element turns 'auto' into light or dark, following the system live). */
  theme: ThemeMode;
  /** `--passage-*-default` properties from the app's element_customization(_dark) for this theme. */
  customization?: Record<string, string>;
  /** Where the views report what the visitor did (`flow.dispatch(event)`): the element's `AuthFlow`,
   * or a preview's stand-in. */
  flow: Pick<AuthFlow, 'dispatch'>;
  /** For the biometric icon; defaults to navigator.userAgent. */
  userAgent?: string;
  /** Called when lazily loaded parts (the country list) arrive and the view should render again. */
  requestRender?: () => void;
  /** Set by renderView: starts loading the views after the identifier form. */
  preloadStepViews?: () => Promise<unknown>;
}

/** A flow message as text: catalogue keys are translated (arguments first), server texts shown as is. */
export function messageText(t: Translator, message: Message): string {
  if ('text' in message) return message.text;
  const args = Object.fromEntries((message.args ?? []).map((arg, i) => [String(i), messageText(t, arg)]));
  return t.t(message.key as MessageKey, args);
}

const memories = new WeakMap<object, Map<string, unknown>>();

/**
 * What views keep between renders that their state does not hold (whether a dropdown is open, what it
 * highlights), by key: one map per owner (the view's `flow`, so per element). A view drops its entry
 * when the node it is about leaves the page (its ref called with null): an entry that holds a node
 * would keep the whole detached form alive for as long as the element lives.
 */
export function viewMemories(owner: object): Map<string, unknown> {
  let byKey = memories.get(owner);
  if (!byKey) memories.set(owner, (byKey = new Map()));
  return byKey;
}
