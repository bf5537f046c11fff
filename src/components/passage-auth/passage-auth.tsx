import { Component, Prop, Watch } from '@stencil/core';
import type { WidgetKind } from './widget-element';
import { WidgetHost } from './widget-host';

/** The combined sign-in and registration widget (login and register with a toggle). */
@Component({ tag: 'passage-auth', styleUrl: 'passage-auth.css', shadow: true })
export class PassageAuth extends WidgetHost {
  /** Start in register mode instead of login. */
  @Prop() initialMode: 'login' | 'register' = 'login';

  protected widgetKind(): WidgetKind {
    return 'auth';
  }

  protected override extraWidgetProps(): { startInRegister: boolean } {
    return { startInRegister: this.initialMode === 'register' };
  }

  @Watch('initialMode')
  initialModeChanged(): void {
    this.restart();
  }
}
