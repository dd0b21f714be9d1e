// Routes from config (SPEC.md §2): each topic is a route, each variant a child route; '/' goes to
// the default route; anything else is the Thai not-found page.
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import type { ConfigBundle, ResolvedTopic } from '../engine/types.ts';
import { ConfigProvider } from '../state/config.tsx';
import { MapLayout } from './shell/MapLayout.tsx';
import { ProjectLayout } from './shell/ProjectLayout.tsx';
import { TopicPage } from './topic/TopicPage.tsx';
import { VariantBody } from './topic/VariantBody.tsx';
import { NotFound } from './NotFound.tsx';
import { PageError } from './PageError.tsx';
import { Toaster } from './toast/Toaster.tsx';
import { QaPanel } from './qa/QaPanel.tsx';
import { debugMode } from './debug/debugMode.ts';

// The admin's failed-request panel (?debug=1) loads only when asked for.
const DebugPanel = lazy(() => import('./debug/DebugPanel.tsx'));

function topicRoute(topic: ResolvedTopic): RouteObject {
  return {
    path: topic.route,
    element: <TopicPage topic={topic} />,
    children: topic.variants.map((v) =>
      v.path === '' ? { index: true, element: <VariantBody topic={topic} variant={v} /> } : { path: v.path, element: <VariantBody topic={topic} variant={v} /> },
    ),
  };
}

function routesFor(config: ConfigBundle): RouteObject[] {
  const byLayout = (layout: 'map' | 'project') => config.topics.filter((t) => t.layout === layout).map(topicRoute);
  return [
    { index: true, element: <Navigate to={`/${config.app.defaultRoute ?? config.topics[0]?.route ?? ''}`} replace /> },
    { element: <MapLayout />, errorElement: <PageError />, children: byLayout('map') },
    { element: <ProjectLayout />, errorElement: <PageError />, children: byLayout('project') },
    { path: '*', element: <NotFound /> },
  ];
}

export function App({ config }: { config: ConfigBundle }) {
  // One router for the app's life: re-creating it on a render would reset navigation state.
  const [router] = useState(() => createBrowserRouter(routesFor(config), { basename: config.app.basePath }));
  return (
    <ConfigProvider config={config}>
      <RouterProvider router={router} />
      <Toaster />
      <QaPanel />
      {debugMode && (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      )}
    </ConfigProvider>
  );
}
