export { LiveDownloadMenu } from './live-download.menu';
export { LiveDownloadTray } from './live-download.tray';
