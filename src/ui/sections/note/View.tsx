// `note` section view: a titled card of text paragraphs (never HTML).
import type { SectionProps } from '../../../sections/definitions.ts';

export function NoteView({ section }: SectionProps<'note'>) {
  return (
    <section className="card note-card" aria-label={section.title}>
      <header className="card-header">
        <h2>{section.title}</h2>
      </header>
      {section.paragraphs.map((text, i) => (
        <p key={i} className="note-text">
          {text}
        </p>
      ))}
    </section>
  );
}
