// Every route of the demo server, in matching order: fixed paths first, then the `{metric}` patterns
// (which would otherwise also match paths like /open/api/json/db/statistics/sql).
import type { Route } from '../http/route';
import { databaseRoutes } from './databases';
import { ipSearchRoutes } from './ipSearch';
import { metaRoutes } from './meta';
import { mxqlRoutes } from './mxql';
import { seriesRoutes } from './series';
import { serverStatsRoutes } from './serverStats';
import { spotRoutes } from './spot';
import { statisticsRoutes } from './statistics';
import { tagRoutes } from './tags';

export const allRoutes: readonly Route[] = [
  ...metaRoutes,
  ...spotRoutes,
  ...serverStatsRoutes,
  ...tagRoutes,
  ...databaseRoutes,
  ...ipSearchRoutes,
  ...mxqlRoutes,
  ...statisticsRoutes,
  ...seriesRoutes,
];
