/** Placeholder until its own issue lands; the router loads it lazily by this named export. */
export function IndexPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Index charts</h1>
      <p>Coming soon.</p>
    </section>
  );
}
