import { h } from '@stencil/core';
import { Spinner } from './controls';
import type { ViewContext } from './view-context';

export const renderLoading = (ctx: ViewContext) => <Spinner label={ctx.t.t('loading')} />;
