export { MediaPlayer, type MediaPlayerProps, type TMarks, type TPlayerMarker, type TSeekRequest } from './media-player';
