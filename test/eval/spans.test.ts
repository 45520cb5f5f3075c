import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definitionEnd } from './spans.js';

const end = (text: string, line: number): number => definitionEnd(text.split('\n'), line);

describe('definition end', () => {
  it('ends a Python function at its last indented line, not at the next definition or a blank', () => {
    const py = ['class A:', '    def f(self, x):', '        y = x', '', '        return y', '', '    def g(self):', '        pass'].join('\n');
    assert.equal(end(py, 2), 5);
    assert.equal(end(py, 1), 8);
  });

  it('keeps a multi-line signature whose closing parenthesis sits at the header\'s indentation', () => {
    const py = ['def f(', '    a,', '    b,', ') -> int:', '    return a + b', 'x = 1'].join('\n');
    assert.equal(end(py, 1), 5);
    const go = ['func (c *Command) Find(', '\targs []string,', ') (*Command, error) {', '\treturn nil, nil', '}'].join('\n');
    assert.equal(end(go, 1), 5);
  });

  it('takes the closing brace of a brace language, with the opening brace on its own line', () => {
    const java = ['    public void run()', '    {', '        work();', '    }', '    private int n;'].join('\n');
    assert.equal(end(java, 1), 4);
    const c = ['static int', 'parse(const char *s)', '{', '\treturn 0;', '}'].join('\n');
    assert.equal(end(c, 2), 5);
  });

  it('reads Rust where clauses, C++ initializer lists and Ruby end', () => {
    const rust = ['fn get<T>(x: T) -> T', 'where', '    T: Clone,', '{', '    x.clone()', '}'].join('\n');
    assert.equal(end(rust, 1), 6);
    const cpp = ['Foo::Foo(int x)', '    : m_x(x)', '    , m_y(0)', '{', '}'].join('\n');
    assert.equal(end(cpp, 1), 5);
    const ruby = ['  def call(env)', '    @app.call(env)', '  end', '  def other; end'].join('\n');
    assert.equal(end(ruby, 1), 3);
  });

  it('ends a JavaScript assignment at its closing brace and semicolon', () => {
    const js = ['res.json = function json(obj) {', '  var body = stringify(obj);', '  return this.send(body);', '};', '', 'res.send = function send() {};'].join('\n');
    assert.equal(end(js, 1), 4);
  });

  it('gives a one-line definition its own line, and an out-of-range line itself', () => {
    const ts = ['export function f(a: string): void;', 'export function f(a: number): void;', 'export function f(a: unknown): void {', '}'].join('\n');
    assert.equal(end(ts, 1), 1);
    assert.equal(end(ts, 3), 4);
    assert.equal(end(ts, 99), 99);
  });
});
