// The running build's identity, handed from the HTTP server to the routes (About page, the browser's build check).
import { createContext } from 'react-router';
import type { BuildManifest } from './build-watcher';

/** `react-router dev` has no build: the development server reports this instead. */
export const DEVELOPMENT_BUILD: BuildManifest = { id: 'development', timestamp: 0 };

export const buildInfoContext = createContext<BuildManifest>(DEVELOPMENT_BUILD);
