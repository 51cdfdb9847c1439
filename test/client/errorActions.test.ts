import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OpenApiError } from '../../api/index';
import { describeRunError, isAbort } from '../../client/src/run/errorActions';

const ids = (e: unknown) => (describeRunError(e).actions ?? []).map((a) => a.id);

void test('actions follow the typed error kind and status', () => {
  assert.deepEqual(ids(new OpenApiError({ kind: 'http', status: 401, message: 'HTTP 401' })), [
    'setToken',
    'showLog',
  ]);
  assert.deepEqual(ids(new OpenApiError({ kind: 'config', message: 'no token' })), [
    'setToken',
    'openSettings',
  ]);
  assert.deepEqual(ids(new OpenApiError({ kind: 'insecure', message: 'plain http' })), ['openSettings']);
  assert.deepEqual(ids(new OpenApiError({ kind: 'network', message: 'refused' })), [
    'openSettings',
    'showLog',
  ]);
  assert.deepEqual(ids(new OpenApiError({ kind: 'http', status: 503, message: 'down' })), [
    'rerun',
    'showLog',
  ]);
  assert.deepEqual(ids(new Error('other')), ['showLog']);
  assert.equal(
    describeRunError(new OpenApiError({ kind: 'http', status: 401, message: 'x' })).code,
    'http/401',
  );
});

void test("only the API client's aborted error counts as a cancel", () => {
  assert.equal(isAbort(new OpenApiError({ kind: 'aborted', message: 'cancelled' })), true);
  assert.equal(isAbort(new Error('aborted')), false);
});
