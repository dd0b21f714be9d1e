// The small 'QA' panel of QA mode (?qa=1): downloads the machine traces of this session as JSON.
import { useState } from 'react';
import { getActiveRecorder } from '../../machines/factory.ts';
import { qaMode, traceFileName, tracesJson } from './qa.ts';

export function QaPanel() {
  const [saved, setSaved] = useState<number | null>(null);
  if (!qaMode) return null;
  const download = () => {
    const traces = getActiveRecorder()?.traces ?? [];
    const url = URL.createObjectURL(new Blob([tracesJson(traces)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = traceFileName();
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setSaved(traces.length);
  };
  return (
    <section
      aria-label="QA"
      data-testid="qa-panel"
      style={{ position: 'fixed', right: 8, bottom: 40, zIndex: 1000, background: '#fff', border: '1px solid #999', borderRadius: 8, padding: '6px 8px', fontSize: 13, boxShadow: '0 1px 4px rgba(0,0,0,.25)' }}
    >
      <strong style={{ marginRight: 8 }}>QA</strong>
      <button type="button" onClick={download}>ดาวน์โหลดเทรซ (JSON)</button>
      {saved !== null ? <span role="status" style={{ marginLeft: 6 }}>{saved} เทรซ</span> : null}
    </section>
  );
}
