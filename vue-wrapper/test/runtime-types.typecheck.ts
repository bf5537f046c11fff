/**
 * The published declarations name src/runtime-types.ts instead of @stencil/vue-output-target; this fails
 * the type check when the two drift apart (compared on a real element's props, without the `modelValue`
 * and `routerLink` props ours leaves out).
 */
import type { InputProps, StencilVueComponent as Upstream } from '@stencil/vue-output-target/runtime';
import type { JSX } from 'open-passage/dist/components';
import type { StencilVueComponent as Ours } from '../src/runtime-types.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type PropsOf<C extends abstract new (...args: never) => { $props: unknown }> = InstanceType<C>['$props'];

export const sameProps: Same<
  PropsOf<Ours<JSX.PassageAuth>>,
  Omit<PropsOf<Upstream<JSX.PassageAuth>>, keyof InputProps<unknown>>
> = true;
