import { Component } from '@stencil/core';
import type { WidgetKind } from '../passage-auth/widget-element';
import { WidgetHost } from '../passage-auth/widget-host';

/** The sign-in widget without registration. */
@Component({ tag: 'passage-login', styleUrl: '../passage-auth/passage-auth.css', shadow: true })
export class PassageLogin extends WidgetHost {
  protected widgetKind(): WidgetKind {
    return 'login';
  }
}
