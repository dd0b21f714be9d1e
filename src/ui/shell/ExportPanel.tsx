// Export: prints the current view through the browser with the document title 'TCS Report'
// (SPEC.md §2 Export dialog; the multi-page report layout is built on top of this).
import { th } from '../../locale/th.ts';

export function ExportPanel() {
  const print = () => {
    const previous = document.title;
    document.title = th.exportDialog.documentTitle;
    window.addEventListener('afterprint', () => (document.title = previous), { once: true });
    window.print();
  };
  return (
    <div className="export-panel">
      <button type="button" className="primary" onClick={print}>
        {th.exportDialog.print}
      </button>
    </div>
  );
}
