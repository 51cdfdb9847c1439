import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_LIMIT, readConfig as readConfigAsData, type SettingLookup } from '../../client/src/config';
import { englishOf } from '../../common/templateText';

/** The settings and their problems in English, as the log writes them. */
const readConfig = (get: SettingLookup) => {
  const { config, problems } = readConfigAsData(get);
  return { config, problems: problems.map(englishOf) };
};

const lookup = (values: Record<string, unknown>) => (key: string) => values[key];

void test('defaults when nothing is set', () => {
  const { config, problems } = readConfig(lookup({}));
  assert.deepEqual(problems, []);
  assert.deepEqual(config.profiles, []);
  assert.equal(config.reusePanel, true);
  assert.equal(config.defaultLimit, DEFAULT_LIMIT);
  assert.deepEqual(config.proxy, { strictSSL: true });
});

void test('bad values warn and fall back; good profiles survive next to bad ones', () => {
  const { config, problems } = readConfig(
    lookup({
      'mxql.profiles': [
        { name: 'Prod', baseUrl: 'https://api.example.com', defaultPcode: 5 },
        { name: 'Demo', baseUrl: 'https://x.example' },
        { name: 'NoUrl' },
        'text',
        { name: 'Prod', baseUrl: 'https://other.example' },
        { name: 'Svc', baseUrl: 'https://a.example', serviceUrl: 'nope', defaultPcode: 1.5 },
      ],
      'mxql.results.reusePanel': 'yes',
      'mxql.run.defaultLimit': 0,
      'http.proxy': ' http://proxy:3128 ',
      'http.proxyStrictSSL': false,
    }),
  );
  assert.deepEqual(
    config.profiles.map((p) => p.name),
    ['Prod', 'Svc'],
  );
  assert.deepEqual(config.profiles[1], { name: 'Svc', baseUrl: 'https://a.example' });
  assert.equal(config.reusePanel, true);
  assert.equal(config.defaultLimit, DEFAULT_LIMIT);
  assert.deepEqual(config.proxy, { url: 'http://proxy:3128', strictSSL: false });
  assert.equal(problems.length, 8, problems.join('\n'));
  assert.ok(problems.every((p) => p.startsWith('mxql.')));
});

void test('a profiles value that is not a list is reported', () => {
  const { config, problems } = readConfig(lookup({ 'mxql.profiles': { name: 'x' } }));
  assert.deepEqual(config.profiles, []);
  assert.match(problems[0] ?? '', /must be a list/);
});

void test('mxql.defaultProfile names the profile used before the user picks one', () => {
  assert.equal(readConfig(lookup({})).config.defaultProfile, '');
  assert.equal(readConfig(lookup({ 'mxql.defaultProfile': ' Demo ' })).config.defaultProfile, 'Demo');
  const bad = readConfig(lookup({ 'mxql.defaultProfile': 42 }));
  assert.equal(bad.config.defaultProfile, '');
  assert.match(bad.problems[0] ?? '', /mxql\.defaultProfile must be the name of a profile/);
});
