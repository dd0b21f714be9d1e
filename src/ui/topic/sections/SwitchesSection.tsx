// Groups of switches. Inert ones (the dashboard's report list, SPEC.md §2) are shown off and
// disabled; active ones (CVI) are completed by the topic issues that need them.
import type { SectionProps } from './SectionView.tsx';

export function SwitchesSection({ section }: SectionProps<'switches'>) {
  return (
    <section className="card switches">
      {section.title && <h2>{section.title}</h2>}
      {section.groups.map((g) => (
        <fieldset key={g.title} className="switch-group">
          <legend>{g.title}</legend>
          {g.items.map((item) => (
            <label key={item.value} className="switch">
              <input type="checkbox" role="switch" checked={false} disabled={section.inert} readOnly={section.inert} onChange={() => undefined} />
              <span>{item.label}</span>
            </label>
          ))}
        </fieldset>
      ))}
    </section>
  );
}
