import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_TARGET_LENGTH, planViewRequest, type ViewPlan } from '../../src/view/request-plan.js';

function kindOf(plan: ViewPlan): string {
  if (plan.kind === 'refuse') return `refuse ${plan.status}`;
  if (plan.kind === 'asset') return `asset ${plan.name}`;
  if (plan.kind === 'api') return `api ${plan.endpoint}`;
  if (plan.kind === 'redirect') return `redirect ${plan.location}`;
  return plan.kind;
}

describe('planViewRequest', () => {
  const cases: readonly [string | undefined, string, string][] = [
    ['GET', '/view', 'redirect /view/'],
    ['GET', '/view/', 'asset index.html'],
    ['GET', '/view/index.html', 'asset index.html'],
    ['GET', '/view/app.js', 'asset app.js'],
    ['GET', '/view/view.css', 'asset view.css'],
    ['GET', '/view/api/map', 'api map'],
    ['GET', '/view/api/search?q=cart', 'api search'],
    ['GET', '/view/api/symbol?id=3', 'api symbol'],
    ['GET', '/view/api/source?path=src/a.ts', 'api source'],
    ['GET', '/view/api/impact?file=src/a.ts', 'api impact'],
    ['GET', '/view/api/events', 'events'],
    ['POST', '/view/api/map', 'refuse 405'],
    ['HEAD', '/view/', 'refuse 405'],
    ['DELETE', '/view/nothing', 'refuse 405'],
    [undefined, '/view/', 'refuse 405'],
    ['GET', '/view/api/unknown', 'refuse 404'],
    ['GET', '/view/api/', 'refuse 404'],
    ['GET', '/view/../etc/passwd', 'refuse 404'],
    ['GET', '/view/./app.js', 'refuse 404'],
    ['GET', '/view//app.js', 'refuse 404'],
    ['GET', '/view/%2e%2e/x', 'refuse 404'],
    ['GET', '/view/app.js%00', 'refuse 404'],
    ['GET', '/view/..\\x', 'refuse 404'],
    ['GET', '/views', 'refuse 404'],
    ['GET', '/view/constructor', 'refuse 404'],
    ['GET', '/view/toString', 'refuse 404'],
    ['GET', 'view/', 'refuse 404'],
    ['GET', '', 'refuse 404'],
  ];
  for (const [method, target, expected] of cases) {
    test(`${method ?? '(no method)'} ${JSON.stringify(target)} is ${expected}`, () => {
      assert.equal(kindOf(planViewRequest(method, target)), expected);
    });
  }

  test('the query of an API request is parsed, repeated parameters kept', () => {
    const plan = planViewRequest('GET', '/view/api/map?open=src&open=src%2Fdb');
    assert.equal(plan.kind, 'api');
    assert.deepEqual(plan.kind === 'api' ? plan.query.getAll('open') : [], ['src', 'src/db']);
  });

  test('a target longer than the limit is refused', () => {
    assert.equal(kindOf(planViewRequest('GET', `/view/api/map?open=${'a'.repeat(MAX_TARGET_LENGTH)}`)), 'refuse 404');
  });
});
