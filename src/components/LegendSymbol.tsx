// A legend class's point symbol (config/legends.yaml `symbol`) in its colour: the legend card and
// the report show the mark the map draws (src/engine/symbols.ts), so colour is never the only cue.
// A legend of `type: pin` (stations) shows the map's station pin (src/engine/pin.ts).
import { PIN_HEIGHT, PIN_HOLE_PATH, PIN_PATH, PIN_WIDTH } from '../engine/pin.ts';
import { SYMBOL_BOX, SYMBOL_STROKE, symbolPath, type SymbolShape } from '../engine/symbols.ts';

export function LegendSymbol({ shape, color }: { shape: SymbolShape | 'pin'; color: string | undefined }) {
  if (shape === 'pin') {
    // White on white would vanish: the card outlines the pin in the symbols' grey instead.
    return (
      <svg className="legend-symbol" data-symbol="pin" viewBox={`0 0 ${PIN_WIDTH} ${PIN_HEIGHT}`} width="16" height="19" aria-hidden>
        <path d={PIN_PATH} fill={color} stroke={SYMBOL_STROKE} strokeWidth="1" />
        <path d={PIN_HOLE_PATH} fill="#ffffff" />
      </svg>
    );
  }
  return (
    <svg className="legend-symbol" data-symbol={shape} viewBox={`0 0 ${SYMBOL_BOX} ${SYMBOL_BOX}`} width="16" height="16" aria-hidden>
      <path d={symbolPath(shape)} fill={color} stroke={SYMBOL_STROKE} strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}
