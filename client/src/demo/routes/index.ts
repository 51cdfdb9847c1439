// Every route of the demo server, in matching order (specific paths before the `{metric}` patterns).
import type { Route } from '../http/route';
import { metaRoutes } from './meta';
import { mxqlRoutes } from './mxql';
import { spotRoutes } from './spot';

export const allRoutes: readonly Route[] = [...metaRoutes, ...spotRoutes, ...mxqlRoutes];
