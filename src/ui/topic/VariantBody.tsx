// The body of one variant: its pickers, then its sections, each drawn by the section registry.
import type { ResolvedTopic, ResolvedVariant } from '../../engine/types.ts';
import { PickerPanel } from './PickerPanel.tsx';
import { SectionView } from './sections/SectionView.tsx';

export function VariantBody({ topic, variant }: { topic: ResolvedTopic; variant: ResolvedVariant }) {
  // Keyed by route so every variant gets fresh picker state and machine.
  const key = `${topic.route}/${variant.path}`;
  return (
    <div className="variant-body" key={key}>
      {variant.note && <p className="variant-note">{variant.note}</p>}
      {variant.pickers.length > 0 && <PickerPanel key={key} variant={variant} />}
      {variant.sections.map((s, i) => (
        <SectionView key={`${key}:${i}`} section={s} variant={variant} />
      ))}
    </div>
  );
}
