/** Placeholder until its own issue lands; the router loads it lazily by this named export. */
export function MoversPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Movers</h1>
      <p>Coming soon.</p>
    </section>
  );
}
