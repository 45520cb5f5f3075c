import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractSource } from '../../../../src/index/extract/extract.js';

/** `action -> filter @line` for every call a filter adds (the calls from the class body left out). */
async function guards(source: string): Promise<string[]> {
  const ex = await extractSource('ruby', source, 'app/controllers/issues_controller.rb');
  return ex.refs
    .filter((r) => r.kind === 'calls' && r.from >= 0 && ex.symbols[r.from]?.kind === 'method')
    .map((r) => `${ex.symbols[r.from]?.name} -> ${r.name} @${r.line}`);
}

const CONTROLLER = [
  'class IssuesController < ApplicationController',
  '  before_action :find_issue, :only => [:show, :edit]',
  '  before_action :authorize, except: [:index]',
  "  before_action :build_new_issue_from_params, 'check_quota', only: %i[new create]",
  '  skip_before_action :authorize, only: :new',
  '  before_action :dynamic, only: ACTIONS',
  '  before_action { |c| c.touch }',
  '  around_filter :with_timing, only: :index',
  '',
  '  def index; end',
  '  def show; end',
  '  def new; end',
  '  def create; end',
  '  def edit; end',
  '  def self.policy; end',
  '  class << self',
  '    def config; end',
  '  end',
  '',
  '  private',
  '',
  '  def find_issue; end',
  'end',
  '',
].join('\n');

test('each action calls the filters that guard it, at their declaration, in the order declared', async () => {
  assert.deepEqual(await guards(CONTROLLER), [
    'index -> with_timing @8',
    'show -> find_issue @2', 'show -> authorize @3',
    'new -> build_new_issue_from_params @4', 'new -> check_quota @4',
    'create -> authorize @3', 'create -> build_new_issue_from_params @4', 'create -> check_quota @4',
    'edit -> find_issue @2', 'edit -> authorize @3',
  ]);
});

test('a filter limited by an expression, a block filter, a class method (either form), a private method and a module guard nothing', async () => {
  const calls = await guards(CONTROLLER);
  assert.ok(!calls.some((c) => c.includes('dynamic') || c.startsWith('policy') || c.startsWith('find_issue')), calls.join('\n'));
  const concern = 'module Auditable\n  before_action :audit\n  def show; end\nend\n';
  assert.deepEqual(await guards(concern), []);
});

test('a filter declared in another class guards only that class\'s actions', async () => {
  const two = 'class A\n  before_action :a\n  def x; end\nend\nclass B\n  def y; end\nend\n';
  assert.deepEqual(await guards(two), ['x -> a @2']);
});

test('a generated controller records at most 10,000 filter calls, the first ones', async () => {
  const lines = ['class HugeController'];
  for (let i = 0; i < 200; i++) lines.push(`  before_action :f${i}`);
  for (let i = 0; i < 200; i++) lines.push(`  def a${i}; end`);
  lines.push('end', '');
  const ex = await extractSource('ruby', lines.join('\n'), 'app/controllers/huge_controller.rb');
  const implicit = ex.refs.filter((r) => r.implicit === true);
  assert.equal(implicit.length, 10_000);
  assert.equal(ex.symbols[implicit[0]!.from]?.name, 'a0');
  assert.equal(ex.symbols[implicit[9_999]!.from]?.name, 'a49');
});
