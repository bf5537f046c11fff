/**
 * The types the generated components name, kept here so the published declarations need nothing
 * from `@stencil/react-output-target`, whose run-time part is bundled into dist/runtime.js at build time.
 * They match that package's `EventName` (from `@lit/react`) and `StencilReactComponent` (MIT,
 * Ionic); test/runtime-types.typecheck.ts fails when they drift apart.
 */
import type { FunctionComponent, HTMLAttributes, RefAttributes } from 'react';

/** An event name typed with the event it delivers. */
export type EventName<T extends Event = Event> = string & { __eventType: T };

type EventNames = Record<string, EventName | string>;

type StencilProps<I extends HTMLElement, E extends EventNames, C, R extends keyof C = never> = Omit<
  HTMLAttributes<I>,
  keyof E
> &
  Partial<{
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as upstream, for events named by a plain string
    [K in keyof E]: E[K] extends EventName<infer T> ? (event: T) => void : (event: any) => void;
  }> &
  Required<Pick<C, R>> &
  Partial<Omit<C, R>> &
  RefAttributes<I>;

/** A React component for element `I` with event props `E`, element props `C` and required props `R`. */
export type StencilReactComponent<
  I extends HTMLElement,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as upstream
  E extends EventNames = {},
  C = Omit<I, keyof HTMLElement>,
  R extends keyof C = never,
> = FunctionComponent<StencilProps<I, E, C, R>>;

/** How the server renders each element's shadow root (open-passage-react/ssr): as upstream. */
export type SerializeShadowRootOptions =
  | 'declarative-shadow-dom'
  | 'scoped'
  | { 'declarative-shadow-dom'?: string[]; scoped?: string[]; default: 'declarative-shadow-dom' | 'scoped' }
  | boolean;
