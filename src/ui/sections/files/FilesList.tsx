// The /project download page (SPEC.md §2): groups of downloadable files (the proposal form and
// the filling instructions, each as .docx and .pdf) and the link to the online form.
import { Link } from 'react-router';
import { th } from '../../../locale/th.ts';
import type { FilesSection } from '../../../sections/files/definition.ts';

export default function FilesList({ section }: { section: FilesSection }) {
  return (
    <div className="files-section" style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))' }}>
      {section.groups.map((group) => (
        <section key={group.title} className="card" aria-label={group.title}>
          <h2 style={{ fontSize: '1.1rem' }}>{group.title}</h2>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}>
            {group.files.map((file) => (
              <li key={file.href}>
                <a className="button" href={file.href} download type={file.format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'} style={{ border: '1px solid var(--line)', width: '100%' }}>
                  <span aria-hidden="true" style={{ fontWeight: 700, marginRight: '0.5rem', color: 'var(--brand)' }}>
                    {th.fileTypes[file.format].badge}
                  </span>
                  <span>{file.label}</span>
                  <span className="muted" style={{ marginLeft: 'auto', fontSize: '0.85rem', whiteSpace: 'nowrap' }}>
                    {th.fileTypes[file.format].name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {section.link && (
        <p style={{ gridColumn: '1 / -1', margin: 0 }}>
          <Link to={section.link.to} className="button primary">
            {section.link.label}
          </Link>
        </p>
      )}
    </div>
  );
}
