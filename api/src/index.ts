/** What other packages may use of the api: the console's typed client needs only the router's type. */
export type { AppRouter } from './trpc/app.router';
