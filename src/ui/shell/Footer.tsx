import { useConfig } from '../../state/config.tsx';
import { th } from '../../locale/th.ts';

/** Credits footer with the agency links (SPEC.md §2); flags sample data (issue: backend). */
export function Footer() {
  const { app } = useConfig();
  return (
    <footer className="credits">
      {app.sampleData && (
        <span className="sample-badge" title={th.sampleDataHint}>
          {th.sampleData}
        </span>
      )}
      <span>{th.credits}</span>
      {app.credits.map((c) => (
        <a key={c.href} href={c.href} target="_blank" rel="noopener noreferrer">
          {c.label}
        </a>
      ))}
    </footer>
  );
}
