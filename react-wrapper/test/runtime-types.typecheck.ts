/**
 * The published declarations name src/runtime-types.ts instead of @stencil/react-output-target; this
 * fails the type check when the two copies drift apart (checked both ways on a real element).
 */
import type { EventName as LitEventName } from '@lit/react';
import type { StencilReactComponent as Upstream } from '@stencil/react-output-target/runtime';
import type { Components } from 'open-passage/dist/components';
import type { PassageAuth } from 'open-passage/dist/components/passage-auth.js';
import type {
  EventName,
  StencilReactComponent as Ours,
  SerializeShadowRootOptions,
} from '../src/runtime-types.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Events = { onLoaded: EventName<CustomEvent<{ app: string }>>; onOther: string };

export const sameEventName: Same<EventName<CustomEvent<number>>, LitEventName<CustomEvent<number>>> = true;
export const sameComponent: Same<
  Ours<PassageAuth, Events, Components.PassageAuth, 'appId'>,
  Upstream<PassageAuth, Events, Components.PassageAuth, 'appId'>
> = true;
export const sameSerializeShadowRoot: Same<
  SerializeShadowRootOptions,
  import('@stencil/react-output-target/ssr').SerializeShadowRootOptions
> = true;
