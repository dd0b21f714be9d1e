// ui:field budgetTable (item 14.3): the budget in baht per fiscal year, columns 2569-2572 (SPEC.md
// §9), as number inputs with a live total. Column order and titles come from the schema.
import type { FieldProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { t } from '../strings.ts';

type Amounts = Record<string, number | undefined>;

/** The columns: the schema's properties in ui:order, with the Buddhist year from the key (b2569). */
export function budgetColumns(schema: FieldProps['schema'], uiSchema: FieldProps['uiSchema']): Array<{ key: string; year: string; title: string }> {
  const props = (schema.properties ?? {}) as Record<string, { title?: string }>;
  const order = Array.isArray(uiSchema?.['ui:order']) ? (uiSchema['ui:order'] as string[]) : Object.keys(props);
  return order
    .filter((key) => key in props)
    .map((key) => ({ key, year: key.replace(/^\D+/, ''), title: props[key]?.title ?? key }));
}

/** The sum of the finite amounts. */
export function budgetTotal(amounts: Amounts | undefined): number {
  return Object.values(amounts ?? {}).reduce<number>((sum, v) => (typeof v === 'number' && Number.isFinite(v) ? sum + v : sum), 0);
}

const baht = (n: number) => n.toLocaleString('th-TH', { maximumFractionDigits: 2 });

export function BudgetTableField({ schema, uiSchema, formData, fieldPathId, errorSchema, onChange, onBlur, disabled, readonly }: FieldProps) {
  const amounts = (formData ?? {}) as Amounts;
  const columns = budgetColumns(schema, uiSchema);
  const total = budgetTotal(amounts);
  const set = (key: string, text: string) => {
    const n = text === '' ? undefined : Number(text);
    const next: Amounts = { ...amounts, [key]: n !== undefined && Number.isFinite(n) ? n : undefined };
    if (next[key] === undefined) delete next[key];
    onChange(Object.keys(next).length ? next : undefined, fieldPathId.path);
  };
  return (
    <div className="proposal-budget">
      <table>
        {schema.title && <caption>{schema.title}</caption>}
        <thead>
          <tr>
            <th scope="col">{t.budgetYear}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.year}
              </th>
            ))}
            <th scope="col">{t.budgetTotal}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t.budgetAmount}</th>
            {columns.map((c) => {
              const id = `${fieldPathId.$id}_${c.key}`;
              const errors = (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[c.key]?.__errors ?? [];
              const value = amounts[c.key];
              return (
                <td key={c.key} data-label={c.year}>
                  <input
                    id={id}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    aria-label={t.yearLabel(c.year)}
                    aria-invalid={errors.length > 0 || undefined}
                    aria-describedby={ariaDescribedByIds(id)}
                    value={typeof value === 'number' ? value : ''}
                    disabled={disabled}
                    readOnly={readonly}
                    onChange={(e) => set(c.key, e.target.value)}
                    onBlur={(e) => onBlur(id, e.target.value)}
                  />
                  {errors.length > 0 && (
                    <span className="text-danger" id={`${id}__error`}>
                      {errors.join(' ')}
                    </span>
                  )}
                </td>
              );
            })}
            <td data-label={t.budgetTotal} className="proposal-budget-total" aria-live="polite" data-testid="budget-total">
              {baht(total)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
