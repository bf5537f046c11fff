/**
 * Wires one element to the flow and the client: builds both from the element's host API, forwards
 * flow events to the host (onEvent + DOM CustomEvents) and hands every new view to the element.
 */
import type { AppInfo } from '../../client/app-info';
import { defaultStorage } from '../../client/browser-storage';
import { PassageClient } from '../../client/passage-client';
import type { AuthResult } from '../../client/types';
import { AuthFlow } from '../../flow/auth-flow';
import type { HostEventArgs } from '../../flow/host-events';
import type { FlowOptions } from '../../flow/ports';
import type { ViewEvent, ViewState } from '../../flow/view-state';
import { type BeforeAuth, navigateToRedirect, type OnEvent, type OnSuccess } from './host-api';

export interface WidgetHost {
  /** The app info the element already loaded. */
  app?: AppInfo;
  kind: FlowOptions['element'];
  appId: string;
  apiUrl?: string;
  startInRegister?: boolean;
  defaultCountryCode(): string;
  language(): string;
  beforeAuth(): BeforeAuth | undefined;
  onSuccess(): OnSuccess | undefined;
  onEvent(): OnEvent | undefined;
  /** Called with every new view (the element stores it in a @State). */
  show(view: ViewState): void;
  /** A DOM event for a flow event (the element's @Event emitters). */
  emit(...event: HostEventArgs): void;
}

/** Loaded only when the app allows phone numbers (keeps libphonenumber out of email-only pages). */
const loadPhoneReader = () => import('../../phone/libphonenumber-reader').then((m) => m.libphonenumberReader);

export class WidgetController {
  readonly client: PassageClient;
  readonly flow: AuthFlow;
  private unsubscribe?: () => void;

  constructor(private readonly host: WidgetHost) {
    this.client = new PassageClient(host.appId, host.apiUrl ? { apiUrl: host.apiUrl } : {});
    this.flow = new AuthFlow({
      ...(host.app ? { app: host.app } : {}),
      element: host.kind,
      startInRegister: host.startInRegister ?? false,
      defaultCountryCode: host.defaultCountryCode,
      language: host.language,
      loadPhoneReader,
      client: this.client,
      storage: defaultStorage(),
      page: {
        search: () => location.search,
        magicLinkPath: () => location.pathname + location.search + location.hash,
        reloadWithoutQuery: () => location.assign(location.pathname + location.hash),
      },
      hooks: {
        beforeAuth: (identifier) => {
          const hook = host.beforeAuth();
          return hook ? hook(identifier) : true;
        },
        onSuccess: (result: AuthResult) => (host.onSuccess() ?? navigateToRedirect)(result),
        onEvent: (...event) => {
          host.emit(...event);
          host.onEvent()?.(...event);
        },
      },
    });
  }

  start(): Promise<void> {
    this.unsubscribe = this.flow.subscribe((view) => this.host.show(view));
    return this.flow.start();
  }

  dispatch = (event: ViewEvent): void => this.flow.dispatch(event);

  stop(): void {
    this.unsubscribe?.();
    this.flow.stop();
  }
}
