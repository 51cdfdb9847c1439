// Error texts in the results panel: markup from an HTML error page never reaches the screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { looksLikeMarkup, readableErrorText } from '../../client/webview/results/errorText';
import { higherLimit } from '../../client/webview/results/state';
import { strings } from '../../client/webview/results/strings';

const tomcat =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>HTTP Status 500 &ndash; Internal Server Error</title>' +
  '<style type="text/css">body {font-family:Tahoma}</style></head><body><h1>HTTP Status 500 – Internal Server Error</h1></body></html>';

void describe('readableErrorText', () => {
  void it('keeps plain sentences as they are, including a lone < or >', () => {
    for (const text of ['The token was refused (HTTP 401).', 'limit < 1 or > 100000', '']) {
      assert.equal(readableErrorText(text), text);
      assert.equal(looksLikeMarkup(text), false);
    }
  });

  void it('shows the title of an HTML page, with what came before it', () => {
    assert.equal(readableErrorText(tomcat), 'HTTP Status 500 – Internal Server Error');
    assert.equal(
      readableErrorText(`HTTP 502: ${tomcat.replace('&ndash;', '-')}`),
      'HTTP 502: HTTP Status 500 - Internal Server Error',
    );
  });

  void it('falls back to the first heading, then to the text without tags, scripts or styles', () => {
    assert.equal(readableErrorText('<html><body><h1>Bad &amp; gateway</h1></body></html>'), 'Bad & gateway');
    assert.equal(
      readableErrorText('<div><script>alert(1)</script><p>Service   unavailable</p></div>'),
      'Service unavailable',
    );
    assert.equal(readableErrorText('<html><body></body></html>'), strings.htmlPage);
    const long = readableErrorText(`<p>${'x'.repeat(1000)}</p>`);
    assert.equal(long.length, 300);
    assert.ok(!/[<>]/.test(readableErrorText(tomcat)));
  });
});

void describe('panel wording', () => {
  void it('counts grammatically and leaves out a size that is not known', () => {
    assert.equal(strings.rows(1), '1 row');
    assert.equal(strings.rows(0), '0 rows');
    assert.equal(strings.rows(2), '2 rows');
    assert.equal(strings.bytes(0), undefined);
    assert.equal(strings.bytes(2048), '2.0 KB');
    assert.equal(strings.cancelledPartial(1), 'Cancelled after 1 row: the result is incomplete.');
  });

  void it('offers ten times the limit, at most 100,000 rows', () => {
    assert.equal(higherLimit(1000), 10_000);
    assert.equal(higherLimit(50_000), 100_000);
    assert.equal(higherLimit(100_000), undefined);
  });
});
