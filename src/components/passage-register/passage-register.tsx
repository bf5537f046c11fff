import { Component } from '@stencil/core';
import { SignInElement, type SignInKind } from '../sign-in/sign-in-element';

// Its shadow parts are those of <passage-auth> (the same views): documented once, in passage-auth.tsx,
// and copied into this element's generated docs (stencil.hydrate.config.ts).
/**
 * The registration widget without sign-in.
 */
@Component({
  tag: 'passage-register',
  styleUrls: ['../../themes/elements.css', '../sign-in/sign-in.css'],
  shadow: true,
})
export class PassageRegister extends SignInElement {
  protected signInKind(): SignInKind {
    return 'register';
  }
}
