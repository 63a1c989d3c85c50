/** Placeholder until its own issue lands; the router loads it lazily by this named export. */
export function SoldPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Sold comps</h1>
      <p>Coming soon.</p>
    </section>
  );
}
