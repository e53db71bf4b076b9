export { MediaPlayer, type MediaPlayerProps, type TMarks } from './media-player';
