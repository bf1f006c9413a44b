/** Video pitches: uploads, playback and review. Other modules use only this. */
export { videosRoutes } from './videos.routes.js';
export { createVideosService, type VideosService } from './videos.service.js';
export { presentAdminVideo } from './videos.presenter.js';
