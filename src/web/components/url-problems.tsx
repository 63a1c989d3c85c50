/** The parameters of a shared link that the page could not use and ignored, one line each (nothing when none). */
export function UrlProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="url-problems" aria-label="Ignored link parameters">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
