// The body of one variant: its pickers, then its sections, each drawn by the section registry.
import type { ResolvedTopic, ResolvedVariant } from '../../engine/types.ts';
import { PickerPanel } from './PickerPanel.tsx';
import { SectionView } from './sections/SectionView.tsx';
import { VariantStateProvider } from './variantState.tsx';

export function VariantBody({ topic, variant }: { topic: ResolvedTopic; variant: ResolvedVariant }) {
  // Keyed by route so every variant gets fresh picker state and a fresh machine.
  const key = `${topic.route}/${variant.path}`;
  return (
    <VariantStateProvider key={key} variant={variant}>
      <div className="variant-body">
        {variant.note && <p className="variant-note">{variant.note}</p>}
        {variant.pickers.length > 0 && <PickerPanel />}
        {variant.sections.map((s, i) => (
          <SectionView key={i} section={s} variant={variant} />
        ))}
      </div>
    </VariantStateProvider>
  );
}
