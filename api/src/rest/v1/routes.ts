import type { RestRoute } from '../rest-route';
import { meRoute } from './me.route';

export const v1Routes: RestRoute[] = [meRoute as unknown as RestRoute];
