// The report's title bar (SPEC.md §2, §4 "Report title: display or edit"): the title with the
// hint 'คลิกเพื่อแก้ไข'; a click turns it into a text box, Enter or leaving it ends the edit.
import { useState } from 'react';
import { th } from '../../locale/th.ts';

export function TitleBar({ title, onChange, editable }: { title: string; onChange: (title: string) => void; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing && editable) {
    return (
      <div className="report-title-bar">
        <input
          className="report-title-input"
          aria-label={th.report.titleLabel}
          defaultValue={title}
          autoFocus
          onBlur={(e) => {
            onChange(e.currentTarget.value.trim() || th.report.defaultTitle);
            setEditing(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
          }}
        />
      </div>
    );
  }
  return (
    <div className="report-title-bar">
      <h3 className="report-title">{title}</h3>
      {editable && (
        <button type="button" className="link-button report-edit-hint" onClick={() => setEditing(true)} aria-label={`${th.report.clickToEdit}: ${title}`}>
          {th.report.clickToEdit}
        </button>
      )}
    </div>
  );
}
