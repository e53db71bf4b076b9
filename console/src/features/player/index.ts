export {
  MediaPlayer,
  type MediaPlayerProps,
  type TMarks,
  type TPlayerMarker,
  type TPlayerOverlayState,
  type TSeekRequest,
} from './media-player';
