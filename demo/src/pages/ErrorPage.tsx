import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown for router errors and unknown paths (SPEC §2). */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : 'Not Found';
  return (
    <main id="error-page">
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
