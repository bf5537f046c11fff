import { h } from '@stencil/core';
import { Spinner } from './controls';
import type { ViewContext } from './view-context';

export const renderInvalidAppId = (ctx: ViewContext) => (
  <p class="notice" part="notice invalid-app-id" role="alert">
    {ctx.t.t('invalid-app-id')}
  </p>
);

export const renderLoading = (ctx: ViewContext) => <Spinner label={ctx.t.t('loading')} />;
