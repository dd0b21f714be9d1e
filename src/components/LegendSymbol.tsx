// A legend class's point symbol (config/legends.yaml `symbol`) in its colour: the legend card and
// the report show the mark the map draws (src/engine/symbols.ts), so colour is never the only cue.
import { SYMBOL_BOX, SYMBOL_STROKE, symbolPath, type SymbolShape } from '../engine/symbols.ts';

export function LegendSymbol({ shape, color }: { shape: SymbolShape; color: string | undefined }) {
  return (
    <svg className="legend-symbol" data-symbol={shape} viewBox={`0 0 ${SYMBOL_BOX} ${SYMBOL_BOX}`} width="16" height="16" aria-hidden>
      <path d={symbolPath(shape)} fill={color} stroke={SYMBOL_STROKE} strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}
