// The body of one variant: its pickers, then its sections, each drawn by the section registry.
// A page starts with no row results (charts, download flags); leaving it removes the layers its
// sections added, so its rows start inactive ('แสดง') again next time.
import { useEffect } from 'react';
import type { ResolvedTopic, ResolvedVariant } from '../../engine/types.ts';
import { PickerPanel } from './PickerPanel.tsx';
import { SectionView } from '../sections/SectionView.tsx';
import { VariantStateProvider } from './variantState.tsx';
import { resetRowResults } from './rowResults.ts';
import { releasePageLayers } from './actions/layerActions.ts';
import { AutoLayers } from './AutoLayers.tsx';

export function VariantBody({ topic, variant }: { topic: ResolvedTopic; variant: ResolvedVariant }) {
  // Keyed by route so every variant gets fresh picker state and a fresh machine.
  const key = `${topic.route}/${variant.path}`;
  return <VariantPage key={key} pageKey={key} topic={topic} variant={variant} />;
}

function VariantPage({ topic, variant, pageKey }: { topic: ResolvedTopic; variant: ResolvedVariant; pageKey: string }) {
  useEffect(() => {
    resetRowResults(pageKey);
    return () => {
      releasePageLayers(pageKey);
      resetRowResults('');
    };
  }, [pageKey]);
  return (
    <VariantStateProvider variant={variant} route={topic.route} pageKey={pageKey}>
      <AutoLayers />
      <div className="variant-body" data-page={pageKey}>
        {variant.note && <p className="variant-note">{variant.note}</p>}
        {variant.pickers.length > 0 && <PickerPanel />}
        {variant.sections.map((s, i) => (
          <SectionView key={i} section={s} variant={variant} />
        ))}
      </div>
    </VariantStateProvider>
  );
}
