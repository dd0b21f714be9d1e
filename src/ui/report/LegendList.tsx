// The report's layer legend: each visible layer with its legend items (or its map-service
// legend picture), in drawing order (SPEC.md §2 'รายละเอียดชั้นข้อมูล').
import { LegendSymbol } from '../../components/LegendSymbol.tsx';
import { th } from '../../locale/th.ts';
import type { LegendBlock } from '../../report/model.ts';
import { LEGEND_PICTURE_SCALE } from './reportInputs.ts';

export function LegendList({ blocks }: { blocks: readonly LegendBlock[] }) {
  return (
    <ul className="report-legend">
      {blocks.map((b, i) => (
        <li key={`${b.layerId}-${i}`} className="report-legend-block">
          <p className="report-legend-layer">
            {b.layerName}
            {b.title && b.title !== b.layerName && <span className="report-legend-title"> — {b.title}</span>}
          </p>
          {b.image ? (
            // a 3x picture at a third of its pixels: sharp on paper. srcset alone: a src beside it
            // would be the 1x candidate, the one a 1x screen and the print view pick. Item icons
            // have a src: pdfExport.ts finds either by its currentSrc.
            <img srcSet={`${b.image} ${LEGEND_PICTURE_SCALE}x`} alt={`${th.report.legendTitle}: ${b.layerName}`} className="report-legend-image" />
          ) : b.items.length === 0 ? (
            <p className="report-legend-empty">{th.report.noLegendItems}</p>
          ) : (
            <ul className="report-legend-items">
              {b.items.map((item, k) => (
                <li key={`${item.label}-${k}`}>
                  {item.image ? (
                    <img src={item.image} alt="" width="16" height="16" />
                  ) : item.symbol || b.type === 'pin' ? (
                    <LegendSymbol shape={item.symbol ?? 'pin'} color={item.color} />
                  ) : (
                    <span className={`swatch swatch-${b.type}`} style={{ ['--swatch' as string]: item.color ?? item.stroke }} aria-hidden />
                  )}
                  <span>{item.label}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
