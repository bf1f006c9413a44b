// What other features may use from video pitches.
export { useVideoUrl } from './api/get-video-url';
export { MyVideoPitchBox } from './components/my-video-pitch-box';
export { SendVideoPitchButton } from './components/send-video-pitch-button';
