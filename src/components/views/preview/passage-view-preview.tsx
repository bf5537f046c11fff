import { Component, Event, type EventEmitter, forceUpdate, h, Host, Prop, State, Watch } from '@stencil/core';
import type { ViewEvent, ViewState } from '../../../flow/view-state';
import { english, loadTranslator, type Translator } from '../../../i18n';
import { customizationProperties, type Customization } from '../../../themes/customization';
import { renderView } from '../render-view';

/**
 * Renders any sign-in view state bare, with no flow, app or server: the gallery's sign-in views and
 * the view tests (e2e/views). Not a way into an element: a live element is previewed through its
 * `passage-preview` event (src/components/shared/preview-request.ts), as the debug panel does.
 * @internal
 */
@Component({ tag: 'passage-view-preview', shadow: true })
export class PassageViewPreview {
  /** The view state to render (see src/flow/view-state.ts). */
  @Prop() state: ViewState = { kind: 'loading' };
  /** `light` or `dark`. */
  @Prop() theme: 'light' | 'dark' = 'light';
  /** A bundled language, e.g. `de` or `ar`. */
  @Prop() language?: string;
  /** An element_customization map to apply. */
  @Prop() customization?: Customization;

  @State() translator: Translator = english;

  /** One object for every render: the views keep their own state (the dropdown's) per flow. */
  private readonly flow = { dispatch: (event: ViewEvent) => this.viewEvent.emit(event) };

  /** Every event the view raises. */
  @Event({ eventName: 'passageViewEvent' }) viewEvent!: EventEmitter<ViewEvent>;

  componentWillLoad(): Promise<void> {
    return this.loadLanguage();
  }

  @Watch('language')
  async loadLanguage(): Promise<void> {
    this.translator = await loadTranslator([this.language]);
  }

  render() {
    return (
      <Host>
        {renderView(this.state, {
          t: this.translator,
          theme: this.theme,
          customization: customizationProperties(this.customization),
          flow: this.flow,
          requestRender: () => forceUpdate(this),
        })}
      </Host>
    );
  }
}
