import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorView } from './ErrorView';

/** What to show in italics: the status text of a route error, or the message of a thrown error. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return 'Not Found';
}

/** The router's error element on every route, unknown paths included (SPEC §2). */
export function ErrorPage() {
  return <ErrorView detail={errorDetail(useRouteError())} />;
}
