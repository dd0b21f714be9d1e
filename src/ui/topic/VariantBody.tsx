// The body of one variant: its pickers, then its sections, each drawn by the section registry.
// A page starts with no row results (charts, download flags); leaving it removes the layers its
// sections added, so its rows start inactive ('แสดง') again next time.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ResolvedTopic, ResolvedVariant } from '../../engine/types.ts';
import { PickerPanel } from './PickerPanel.tsx';
import { SectionView } from '../sections/SectionView.tsx';
import { VariantStateProvider } from './variantState.tsx';
import { resetRowResults } from './rowResults.ts';
import { releasePageLayers } from './actions/layerActions.ts';
import { AutoLayers } from './AutoLayers.tsx';
import { CompareSync } from '../compare/CompareSync.tsx';
import { TimelineSync } from '../compare/TimelineSync.tsx';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { urlGenerationStore } from '../urlState/restore.ts';
import { startPageRestore } from '../urlState/pageRestore.ts';

export function VariantBody({ topic, variant }: { topic: ResolvedTopic; variant: ResolvedVariant }) {
  // Keyed by route so every variant gets fresh picker state and a fresh machine.
  const key = `${topic.route}/${variant.path}`;
  // Back/Forward to another state of the same page rebuilds it from the URL (issue 11).
  const generation = useStore(urlGenerationStore, (s) => s.generation);
  return <VariantPage key={`${key}#${generation}`} pageKey={key} topic={topic} variant={variant} />;
}

function VariantPage({ topic, variant, pageKey }: { topic: ResolvedTopic; variant: ResolvedVariant; pageKey: string }) {
  const { app } = useConfig();
  const { search } = useLocation();
  useEffect(() => {
    resetRowResults(pageKey);
    const stopRestore = startPageRestore(pageKey, search, variant, app);
    return () => {
      stopRestore();
      releasePageLayers(pageKey);
      resetRowResults('');
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, from the URL it opened with
  }, [pageKey]);
  return (
    <VariantStateProvider variant={variant} route={topic.route} pageKey={pageKey}>
      <AutoLayers />
      <CompareSync />
      <TimelineSync />
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
