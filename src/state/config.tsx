// The validated config bundle arrives inside index.html (the server injects it), so the first
// render needs no extra request and a config change needs no rebuild.
import { createContext, useContext, type ReactNode } from 'react';
import type { ConfigBundle } from '../engine/types.ts';

export function readInjectedConfig(doc: Document = document): ConfigBundle {
  const el = doc.getElementById('app-config');
  if (!el?.textContent) throw new Error('the page has no app configuration (script#app-config); start it with `npm start`');
  return JSON.parse(el.textContent) as ConfigBundle;
}

const ConfigContext = createContext<ConfigBundle | null>(null);

export function ConfigProvider({ config, children }: { config: ConfigBundle; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): ConfigBundle {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigProvider');
  return config;
}
