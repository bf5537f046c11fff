import { Component } from '@stencil/core';
import type { WidgetKind } from '../passage-auth/widget-element';
import { WidgetHost } from '../passage-auth/widget-host';

/** The registration widget without sign-in. */
@Component({ tag: 'passage-register', styleUrl: '../passage-auth/passage-auth.css', shadow: true })
export class PassageRegister extends WidgetHost {
  protected widgetKind(): WidgetKind {
    return 'register';
  }
}
