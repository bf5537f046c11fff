import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorView } from './ErrorView';

/**
 * What to show in italics: the status text of a route error response (its status code if it has
 * no text), or the message of whatever was thrown.
 */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return 'Unknown error';
}

/** The router's error element on every route, unknown paths included. */
export function ErrorPage() {
  return <ErrorView detail={errorDetail(useRouteError())} />;
}
