// A drawer table of label/value rows (a feature's properties, a rate point's statistics); values
// are React text nodes, never HTML.
export function PropertyTable({ caption, rows }: { caption: string; rows: ReadonlyArray<{ key: string; label: string; value: string }> }) {
  return (
    <table className="feature-info-table">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-key={r.key}>
            <th scope="row">{r.label}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
