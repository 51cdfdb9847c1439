// The Open API client's public surface. Import from here, not from the modules.
export { createOpenApiClient, defaultUserAgent } from './client';
export type { CallOptions, OpenApiClient, OpenApiClientOptions, RequestEvent } from './client';
export { BARE_SPOT_VALUES, endpoints, EndpointGroups, findEndpoint } from './endpoints';
export type { BodyShape, EndpointGroup, EndpointSpec, ParamSpec, ParamType, RangeLimit } from './endpoints';
export { endpointIdList } from './endpointTypes';
export * from '../common/limits';
export type * from './endpointTypes';
export { OpenApiError, OpenApiErrorKinds, hintForStatus, isOpenApiError, redact } from './errors';
export type { OpenApiErrorKind } from './errors';
export { bypassesProxy, insecureReason, insecureReasonText, isLoopbackHost, proxyFor } from './proxy';
export type { ProxyOptions } from './proxy';
export { defaultRetry } from './retry';
export { mxqlNoticeOf } from './mxqlNotice';
export {
  flattenObject,
  responseTable,
  type ResponseTable,
  type TableRow,
  type TableShape,
} from './responseTable';
export type { RetryOptions } from './retry';
export { DEFAULT_MAX_RESPONSE_BYTES, defaultTimeouts, timeoutsFor } from './transport';
export type { Timeouts } from './transport';
export type * from './types';
export {
  formatAgentListTime,
  parseAgentListTime,
  toEpochMs,
  validateParams,
  validateParamsText,
} from './validate';
export { apiText, englishOf } from './apiText';
export type { ApiText } from './apiText';
export { ENDPOINT_ACTIVITIES } from './endpointActivity';
export type { ParamValues } from './validate';
export { liveChoiceOf, withLiveChoices } from './liveChoices';
export type { LiveChoice, LookupRange, SendLookup } from './liveChoices';
export { executeRun } from './executeRun';
export type { ExecuteOptions, RunExecution, SendablePlan } from './executeRun';
export { emptyCauseText, explainEmpty } from './explainEmpty';
export type { EmptyCause } from './explainEmpty';
export { executeComparison } from './executeComparison';
export type { ComparisonRun, ComparisonSide, ComparisonSteps } from './executeComparison';
