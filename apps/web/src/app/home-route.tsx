import { type ComponentType, lazy } from 'react';

type HomeModule = { default: ComponentType };

let loaded: HomeModule | undefined;

/** Fetches the home page's code; once it has arrived, the route renders without suspending. */
export function preloadHome(): Promise<HomeModule> {
  return import('@/features/home/routes/home').then((module) => (loaded = module));
}

const LazyHome = lazy(preloadHome);

/**
 * The home route. On the server's prerendered home page the app starts only once this code is
 * here (main.tsx), so its first paint replaces the prerendered page with the same page, never
 * with a loading placeholder a click could land on; elsewhere it loads on demand like any page.
 */
export function Home() {
  const Page = loaded?.default;
  return Page ? <Page /> : <LazyHome />;
}
