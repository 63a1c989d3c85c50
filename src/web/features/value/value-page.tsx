/** Placeholder until its own issue lands; the router loads it lazily by this named export. */
export function ValuePage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Card value</h1>
      <p>Coming soon.</p>
    </section>
  );
}
