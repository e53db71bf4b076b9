/** What other packages may use of the api: types only, for the console's typed clients (tRPC and the public REST pages). */
export type { AppRouter } from './trpc/app.router';
export type { TPublicShare, TPublicShareItem } from './services/shares/share-public.service';
export type { TPublicShareComment, TPublicShareThread } from './services/shares/share-comments';
export type { TUploadRequestPage, TUploadRequestPageState } from './services/shares/public-upload-request.service';
export type { TShareState } from './services/shares/share-access';
