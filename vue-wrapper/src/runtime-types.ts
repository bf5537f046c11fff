/**
 * The type the generated components name, kept here so the published declarations need nothing from
 * `@stencil/vue-output-target` (nor vue-router, which its types import), whose run-time part is bundled
 * into dist/runtime.js at build time. It is that package's `StencilVueComponent` (MIT, Ionic) without
 * the `modelValue` and `routerLink` props, which no open-passage element uses;
 * test/runtime-types.typecheck.ts fails when the two drift apart.
 */
import type { AllowedComponentProps, ComponentCustomProps, DefineSetupFnComponent, VNodeProps } from 'vue';

type WrapperProps<Props> = Props & VNodeProps & AllowedComponentProps & ComponentCustomProps;

/** A Vue component for an element whose props (and `on…` event handlers) are `Props`; as upstream, it
 * declares no emits and no slots (the `{}`s). */
export type StencilVueComponent<Props> = DefineSetupFnComponent<
  WrapperProps<Props>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as upstream: no emits
  {},
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as upstream: no slots
  {},
  WrapperProps<Props>
>;
