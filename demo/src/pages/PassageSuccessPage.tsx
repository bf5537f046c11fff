export function PassageSuccessPage() {
  return (
    <main>
      <h1>Way to go!</h1>
    </main>
  );
}
