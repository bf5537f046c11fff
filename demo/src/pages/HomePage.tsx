export function HomePage() {
  return (
    <main>
      <h1>Portfolio</h1>
      <p>
        <a href="/passage">Sign in</a>
      </p>
    </main>
  );
}
