// Toggle rows ('แสดง' / 'ซ่อน'), each adding or removing one layer of the variant (SPEC.md §2
// change-area pages, §4); the first failing validation message of a row shows in the card.
import { findTemplate } from '../../topic/actions/layerActions.ts';
import { useVariantState } from '../../topic/variantState.tsx';
import { ToggleRow } from '../common/ToggleRow.tsx';
import { ActionAlert, useActionMessage } from '../common/actionMessage.tsx';
import type { SectionProps } from '../../../sections/definitions.ts';

export function RowsView({ section, variant }: SectionProps<'rows'>) {
  // A new choice of pickers answers the old message.
  const [message, setMessage] = useActionMessage(useVariantState().values);
  return (
    <section className="card rows-section" aria-label={section.title}>
      {section.title && <h2>{section.title}</h2>}
      <ul className="toggle-rows">
        {section.rows.map((row) => (
          <ToggleRow
            key={row.id}
            rowId={row.id}
            label={row.label}
            template={findTemplate(variant, row.layer)}
            {...(row.swatch ? { swatch: row.swatch } : {})}
            {...(row.validate ? { validate: row.validate } : {})}
            onMessage={setMessage}
          />
        ))}
      </ul>
      <ActionAlert message={message} />
    </section>
  );
}
