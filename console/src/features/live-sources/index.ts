export { LiveSourcesPanel } from './live-sources.panel';
