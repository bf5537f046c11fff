/**
 * The sign-in elements' side of the preview hook (../shared/preview-request.ts), loaded with the first
 * request: the flow stops and the requested view shows with the sample app's customization; its events
 * go to `report` instead of the server. A request without a view starts the live flow again.
 */
import type { PreviewRequest } from '../shared/preview-request';
import type { SignInElement } from './sign-in-element';

export function preview(element: SignInElement, request: PreviewRequest = {}): void {
  const { view, app, report } = request;
  if (!view) return element.restart();
  element.stopFlow?.();
  element.stopFlow = undefined;
  element.flow = { appInfo: app, dispatch: (event) => report?.(event.type, event) };
  element.view = view;
}
