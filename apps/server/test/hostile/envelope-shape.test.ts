import { describe, expect, it } from 'vitest';
import { envelopeProblem } from './envelope-shape.js';

const json = 'application/json; charset=utf-8';
const error = (fields: object) =>
  JSON.stringify({ message: 'No.', errors: fields, code: 'validation_failed', request_id: 'r1' });

describe('the fuzzer’s envelope check', () => {
  it('accepts the two envelopes, 204 and a declared CSV', () => {
    expect(envelopeProblem({ status: 200, contentType: json, body: '{"data":[],"meta":{}}' }, [])).toBeNull();
    expect(envelopeProblem({ status: 422, contentType: json, body: error({ a: ['x'] }) }, [])).toBeNull();
    expect(envelopeProblem({ status: 204, contentType: '', body: '' }, [])).toBeNull();
    expect(
      envelopeProblem({ status: 200, contentType: 'text/csv', body: 'id\r\n' }, ['text/csv']),
    ).toBeNull();
  });

  it('refuses what is outside them', () => {
    expect(envelopeProblem({ status: 500, contentType: json, body: error({}) }, [])).toMatch(/server error/);
    expect(envelopeProblem({ status: 422, contentType: json, body: error({}) }, [])).toMatch(
      /without a field/,
    );
    expect(
      envelopeProblem(
        { status: 400, contentType: json, body: '{"statusCode":400,"error":"Bad Request"}' },
        [],
      ),
    ).not.toBeNull();
    expect(envelopeProblem({ status: 200, contentType: json, body: '{"ok":true}' }, [])).toMatch(
      /without data/,
    );
    expect(envelopeProblem({ status: 200, contentType: 'text/csv', body: '' }, [])).toMatch(/undeclared/);
    expect(envelopeProblem({ status: 0, contentType: '', body: 'connection cut: x' }, [])).toMatch(/cut/);
  });
});
