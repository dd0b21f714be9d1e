import { useEffect } from 'react';
import { interpolate } from '../engine/template.ts';
import { useConfig } from '../state/config.tsx';

/** Page title from config (SPEC.md §9: 'TCS GISTDA | {product}'); {topic} is the page's Thai title. */
export function useDocumentTitle(topicTitle?: string): void {
  const { app } = useConfig();
  useEffect(() => {
    document.title = interpolate(app.title.replace('{topic}', topicTitle ?? app.product), { product: app.product });
  }, [app, topicTitle]);
}
