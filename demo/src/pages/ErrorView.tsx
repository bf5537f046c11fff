/** Error page texts; plain markup so it renders even when the app's own code failed. */
export function ErrorView({ detail }: { detail: string }) {
  return (
    <main id="error-page" style={{ fontFamily: 'inherit', textAlign: 'center', padding: '4rem 1rem' }}>
      <h1>Oops!</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
