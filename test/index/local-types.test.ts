import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { generatedProject } from '../support/fixture-project.js';
import { dumpGraph } from '../support/graph-dump.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

async function indexed(files: Readonly<Record<string, string>>): Promise<string> {
  const project = await generatedProject(files);
  cleanups.push(project.cleanup);
  return dumpGraph(project.root);
}

/** The qualified names of the symbols with a calls edge to method `target` in `dump`, one per edge, sorted. */
function callersIn(dump: string, target: string): string[] {
  const edge = new RegExp(`edge \\S+#\\w+:([\\w.]+)@\\S+ -calls-> \\S+#method:${target.replace('.', '\\.')}@`, 'g');
  return [...dump.matchAll(edge)].map((m) => m[1] ?? '').sort();
}

test('python: a call on a variable constructed from a class binds to that class\'s method', async () => {
  const dump = await indexed({
    'unitofwork.py': 'class Transaction:\n    def execute(self):\n        return 1\n',
    'session.py': [
      'from unitofwork import Transaction',
      '',
      'class Session:',
      '    def execute(self, statement):',
      '        return statement',
      '',
      '    def flush(self):',
      '        context = Transaction()',
      '        context.execute()',
      '',
    ].join('\n'),
  });
  assert.match(dump, /edge session\.py#method:Session\.flush@\d+:\d+ -calls-> unitofwork\.py#method:Transaction\.execute@/);
  assert.doesNotMatch(dump, /Session\.flush@\S+ -calls-> session\.py#method:Session\.execute/, 'not the same-named method of the enclosing file');
});

test('python: a variable assigned from different classes is not given either type', async () => {
  const dump = await indexed({
    'shapes.py': [
      'class Square:',
      '    def area(self):',
      '        return 4',
      '',
      'class Circle:',
      '    def area(self):',
      '        return 3',
      '',
      'def pick(flag):',
      '    shape = Square()',
      '    if flag:',
      '        shape = Circle()',
      '    return shape.area()',
      '',
    ].join('\n'),
  });
  assert.doesNotMatch(dump, /function:pick@\S+ -calls-> shapes\.py#method:(Square|Circle)\.area/);
});

test('typescript: calls on a variable made with new, or declared with a class type, bind to that class\'s method', async () => {
  const dump = await indexed({
    'repo.ts': 'export class MemoryRepo {\n  save(): number {\n    return 1;\n  }\n}\nexport interface Store {\n  save(): number;\n}\n',
    'app.ts': [
      "import { MemoryRepo, Store } from './repo.js';",
      'export class Cache {',
      '  save(): number {',
      '    return 0;',
      '  }',
      '}',
      'export function run(make: () => Store): number {',
      '  const repo = new MemoryRepo();',
      '  const store: Store = make();',
      '  return repo.save() + store.save();',
      '}',
      '',
    ].join('\n'),
  });
  assert.match(dump, /edge app\.ts#function:run@\S+ -calls-> repo\.ts#method:MemoryRepo\.save@/);
  assert.match(dump, /edge app\.ts#function:run@\S+ -calls-> repo\.ts#\w+:Store\.save@/);
  assert.doesNotMatch(dump, /function:run@\S+ -calls-> app\.ts#method:Cache\.save/);
});

test('typescript: a parameter declared with a class type gives its calls that class as receiver', async () => {
  const dump = await indexed({
    'repo.ts': 'export interface Repo {\n  saveOrder(id: number): void;\n}\n',
    'cart.ts': [
      "import { Repo } from './repo.js';",
      'export class Ledger {',
      '  saveOrder(id: number): void {}',
      '}',
      'export function checkout(repo: Repo, id: number): void {',
      '  repo.saveOrder(id);',
      '}',
      '',
    ].join('\n'),
  });
  assert.match(dump, /edge cart\.ts#function:checkout@\S+ -calls-> repo\.ts#\w+:Repo\.saveOrder@/);
  assert.doesNotMatch(dump, /function:checkout@\S+ -calls-> cart\.ts#method:Ledger\.saveOrder/);
});

test('typescript: a type written through its module (`repos.Repo`, `express.Router`) types a parameter or a variable: the project\'s class, or an outside one that binds to nothing', async () => {
  const dump = await indexed({
    'repos.ts': 'export class Repo {\n  saveOrder(id: number): void {}\n}\n',
    'cart.ts': [
      "import * as repos from './repos.js';",
      "import * as express from 'express';",
      'export class Ledger {',
      '  saveOrder(id: number): void {}',
      '  get(path: string): void {}',
      '}',
      'export function checkout(repo: repos.Repo, id: number): void {',
      '  repo.saveOrder(id);',
      '}',
      'export function mount(router: express.Router, id: number): void {',
      '  const store: repos.Repo = pick();',
      '  store.saveOrder(id);',
      "  router.get('/orders');",
      '}',
      '',
    ].join('\n'),
  });
  assert.match(dump, /edge cart\.ts#function:checkout@\S+ -calls-> repos\.ts#method:Repo\.saveOrder@/);
  assert.match(dump, /edge cart\.ts#function:mount@\S+ -calls-> repos\.ts#method:Repo\.saveOrder@/);
  assert.doesNotMatch(dump, /-calls-> cart\.ts#method:Ledger\./, 'neither the project\'s same-named methods');
});

test('rust: methods in impl blocks resolve through self, Self and the type, across blocks; a bare name never reaches them', async () => {
  const dump = await indexed({
    'src/lib.rs': [
      'pub struct Counter { n: u32 }',
      'impl Counter {',
      '    pub fn new() -> Self { Counter { n: 0 } }',
      '    fn helper(&self) -> u32 { self.n }',
      '    fn other(&self) { helper(); }',
      '}',
      'impl std::fmt::Display for Counter {',
      '    fn fmt(&self) -> u32 {',
      '        let c = Self::new();',
      '        let d = Counter::new();',
      '        helper();',
      '        self.helper()',
      '    }',
      '}',
      '',
    ].join('\n'),
  });
  assert.match(dump, /Counter\.fmt@\S+ -calls-> src\/lib\.rs#method:Counter\.new@3:/);
  assert.match(dump, /Counter\.fmt@\S+ -calls-> src\/lib\.rs#method:Counter\.helper@4:/);
  assert.doesNotMatch(dump, /-(?!contains)\w+-> src\/lib\.rs#impl:/, 'nothing resolves to an impl block');
  assert.equal([...dump.matchAll(/Counter\.fmt@\S+ -calls-> \S+Counter\.helper@/g)].length, 1, 'only self.helper(), not the bare helper()');
  assert.doesNotMatch(dump, /Counter\.other@\S+ -calls->/, 'a bare name never means a method of the same impl block');
});

test('rust: a name taken out of an Option, a Result or a collection (if let, while let, match, for, unwrap, ?) holds its contents\' type', async () => {
  const dump = await indexed({
    'src/lib.rs': [
      'pub struct Ledger;',
      'impl Ledger { pub fn put(&self) {} }',
      'pub struct Cache;',
      'impl Cache { pub fn put(&self) {} }',
      'pub fn if_let(opt: Option<Ledger>) { if let Some(l) = opt { l.put(); } }',
      'pub fn while_let(opt: Option<&Ledger>) { while let Some(l) = opt { l.put(); } }',
      'pub fn matched(res: Result<Ledger, String>) { match res { Ok(l) => l.put(), Err(_) => {} } }',
      'pub fn looped(items: Vec<Ledger>) { for l in &items { l.put(); } }',
      'pub fn iterated(items: &[Ledger]) { for l in items.iter() { l.put(); } }',
      'pub fn unwrapped(opt: Option<Ledger>) { let l = opt.unwrap(); l.put(); }',
      'pub fn tried(res: Result<Ledger, String>) -> Result<(), String> { let l = res?; l.put(); Ok(()) }',
      'pub fn declared() { let opt: Option<Ledger> = None; if let Some(l) = opt { l.put(); } }',
      // Unknown contents bind nothing by type: two `put`s stay ambiguous.
      'pub fn unknown<T>(opt: Option<T>) { if let Some(l) = opt { l.put(); } }',
      // A loop over contents of unknown type leaves the name's type from elsewhere in the function alone.
      'pub fn kept(l: Ledger, more: Vec<u8>) { for l in more.drain(..) { l.put(); } }',
      // The same name taken out of two holders of different types holds neither.
      'pub fn mixed(a: Option<Ledger>, b: Option<Cache>) { if let Some(l) = a { l.put(); } if let Some(l) = b { l.put(); } }',
      '',
    ].join('\n'),
  });
  for (const fn of ['if_let', 'while_let', 'matched', 'looped', 'iterated', 'unwrapped', 'tried', 'declared', 'kept']) {
    assert.match(dump, new RegExp(`function:${fn}@\\S+ -calls-> src/lib\\.rs#method:Ledger\\.put@`), fn);
    assert.doesNotMatch(dump, new RegExp(`function:${fn}@\\S+ -calls-> src/lib\\.rs#method:Cache\\.put@`), fn);
  }
  assert.doesNotMatch(dump, /function:unknown@\S+ -calls-> \S+\.put@/);
  assert.doesNotMatch(dump, /function:mixed@\S+ -calls-> \S+Cache\.put@/);
});

test('go: a call on a receiver, parameter, made value, declared var or ranged element binds to that type\'s method, not a same-named one', async () => {
  const dump = await indexed({
    'go.mod': 'module example.com/mux\n\ngo 1.20\n',
    'types.go': [
      'package mux',
      '',
      'type Route struct{}',
      '',
      'func (r *Route) Match() bool { return true }',
      '',
      'type Other struct{}',
      '',
      'func (o *Other) Match() bool { return false }',
      '',
      'type Router struct {',
      '\troutes []*Route',
      '\tfirst  *Route',
      '}',
      '',
      'func (r *Router) Ranged() {',
      '\tfor _, route := range r.routes {',
      '\t\troute.Match()',
      '\t}',
      '}',
      '',
      'func (r *Router) Field() bool { return r.first.Match() }',
      '',
    ].join('\n'),
    'use.go': [
      'package mux',
      '',
      'func (o *Other) Self() bool { return o.Match() }',
      'func Param(route *Route) bool { return route.Match() }',
      'func Made() bool { x := &Route{}; return x.Match() }',
      'func Declared() bool { var y *Route; return y.Match() }',
      'func Slice() { for _, z := range []Route{} { z.Match() } }',
      'func Asserted(v interface{}) { if a, ok := v.(*Other); ok { a.Match() } }',
      'func Switched(v interface{}, x *Route) { x.Match(); switch x := v.(type) { case *Other: x.Match() } }',
      'func Generic[T any](v T) { v.Match() }',
      'func Mixed(flag bool) {',
      '\tif flag {',
      '\t\tm := &Route{}',
      '\t\tm.Match()',
      '\t} else {',
      '\t\tm := &Other{}',
      '\t\tm.Match()',
      '\t}',
      '}',
      '',
    ].join('\n'),
  });
  // Mixed makes m a Route in one block and an Other in the next: the first call is bound, and
  // once the name has held two types none is guessed. A type switch's variable is a new one too.
  assert.deepEqual(callersIn(dump, 'Route.Match'), ['Declared', 'Made', 'Mixed', 'Param', 'Router.Field', 'Router.Ranged', 'Slice', 'Switched']);
  assert.deepEqual(callersIn(dump, 'Other.Match'), ['Asserted', 'Other.Self']);
  assert.equal(dump.match(/#function:Switched@\S+ -calls-> types\.go#method:Route\.Match@/g)?.length, 1, 'the switch variable is not the Route parameter');
});

test('java: calls on typed locals, parameters, for-each variables, `var x = new T()` and fields bind to that class\'s method, not the field named like it', async () => {
  const dump = await indexed({
    'src/p/Route.java': 'package p;\npublic class Route {\n  private boolean match;\n  public boolean match() { return match; }\n}\n',
    'src/p/Other.java': 'package p;\npublic class Other {\n  public boolean match() { return false; }\n}\n',
    'src/p/Router.java': [
      'package p;',
      'import java.util.List;',
      'public class Router {',
      '  private List<Route> routes;',
      '  private Route first;',
      '  private Other other;',
      '  void ranged() { for (Route r : routes) { r.match(); } }',
      '  void param(Route route) { route.match(); }',
      '  void local() { Route x = new Route(); x.match(); }',
      '  void inferred() { var y = new Route(); y.match(); }',
      '  void field() { first.match(); }',
      '  void thisField() { this.other.match(); }',
      '  void shadowed() { Route other = new Route(); other.match(); }',
      '  void lambda() { routes.forEach(first -> first.match()); }',
      '}',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.match'), ['Router.field', 'Router.inferred', 'Router.local', 'Router.param', 'Router.ranged', 'Router.shadowed']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.thisField']);
});

test('c#: calls on typed locals, parameters, foreach, catch, pattern and out variables, `var x = new T()`, fields and properties bind to that class\'s method', async () => {
  const dump = await indexed({
    'Route.cs': 'namespace P {\n  public class Route { public bool Match() { return true; } }\n  public class Other { public bool Match() { return false; } }\n}\n',
    'Router.cs': [
      'namespace P {',
      '  public class Router {',
      '    private List<Route> routes;',
      '    private Route first;',
      '    public Other Current { get; set; }',
      '    void Ranged() { foreach (Route r in routes) { r.Match(); } }',
      '    void Param(Route route) { route.Match(); }',
      '    void Inferred() { var y = new Route(); y.Match(); }',
      '    void Field() { this.first.Match(); }',
      '    void Property() { Current.Match(); }',
      '    void Pattern(object o) { if (o is Route r) r.Match(); }',
      '    void Caught() { try { } catch (Route e) { e.Match(); } }',
      '    void Lambda() { Action<Other> f = first => first.Match(); }',
      '  }',
      '}',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.Match'), ['Router.Caught', 'Router.Field', 'Router.Inferred', 'Router.Param', 'Router.Pattern', 'Router.Ranged']);
  assert.deepEqual(callersIn(dump, 'Other.Match'), ['Router.Property']);
});

test('kotlin: calls on typed or constructed locals, parameters, for variables over a typed collection and properties bind to that class\'s method', async () => {
  const dump = await indexed({
    'src/Route.kt': 'package p\n\nclass Route {\n  fun match(): Boolean = true\n}\n\nclass Other {\n  fun match(): Boolean = false\n}\n',
    'src/Router.kt': [
      'package p',
      '',
      'class Router(private val first: Route) {',
      '  private val other: Other = Other()',
      '  fun param(route: Route) { route.match() }',
      '  fun made() { val x = Route(); x.match() }',
      '  fun declared() { val y: Route = make(); y.match() }',
      '  fun field() { first.match() }',
      '  fun thisField() { this.other.match() }',
      '  fun ranged(rs: List<Route>) { for (r in rs) { r.match() } }',
      '  fun lambda(rs: List<Other>) { rs.forEach { first -> first.match() } }',
      '}',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.match'), ['Router.declared', 'Router.field', 'Router.made', 'Router.param', 'Router.ranged']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.thisField']);
});

test('php: calls on typed or documented parameters, `$x = new T`, and typed, documented or promoted properties bind to that class\'s method', async () => {
  const dump = await indexed({
    'src/Route.php': '<?php\nclass Route { public function match() { return true; } }\nclass Other { public function match() { return false; } }\n',
    'src/Router.php': [
      '<?php',
      'class Router {',
      '  private ?Route $first;',
      '  /** @var Other */',
      '  private $documented;',
      '  public function __construct(private Route $promoted) {}',
      '  function param(Route $route) { $route->match(); }',
      '  /** @param Other|null $other the other */',
      '  function docParam($other) { $other->match(); }',
      '  function made() { $x = new Route(); $x->match(); }',
      '  function reassigned() { $y = new Route(); $y = make(); $y->match(); }',
      '  function typed() { $this->first->match(); $this->promoted->match(); }',
      '  function docVar() { $this->documented->match(); }',
      '  function bare() { $first->match(); }',
      '}',
      '',
    ].join('\n'),
  });
  assert.deepEqual([...new Set(callersIn(dump, 'Route.match'))], ['Router.made', 'Router.param', 'Router.typed']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.docParam', 'Router.docVar']);
});

test('c++: calls on typed locals and parameters, range-for elements, new and make_unique results, smart pointers and fields bind to that class\'s method', async () => {
  const dump = await indexed({
    'route.hpp': 'class Route {\n public:\n  bool match() { return true; }\n};\nclass Other {\n public:\n  bool match() { return false; }\n};\n',
    'router.cpp': [
      '#include "route.hpp"',
      'class Router {',
      '  Route* first;',
      '  std::unique_ptr<Other> other;',
      '  void param(Route& route) { route.match(); }',
      '  void smart() { other->match(); }',
      '  void field();',
      '};',
      'void Router::field() { this->first->match(); }',
      'void ranged(std::vector<Route>& rs) { for (auto& r : rs) { r.match(); } }',
      'void made() { auto u = std::make_unique<Route>(); u->match(); auto n = new Other(); n->match(); }',
      'void pointer() { Route* p = nullptr; p->match(); }',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.match'), ['Router.field', 'Router.param', 'made', 'pointer', 'ranged']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.smart', 'made']);
});

test('python: calls on annotated parameters and on self attributes made, annotated or assigned from an annotated parameter bind to that class\'s method', async () => {
  const dump = await indexed({
    'shapes.py': 'class Route:\n    def match(self):\n        return True\n\n\nclass Other:\n    def match(self):\n        return False\n',
    'router.py': [
      'from typing import Optional',
      'from shapes import Other, Route',
      '',
      '',
      'class Router:',
      '    first: Route',
      '',
      '    def __init__(self, other: Other, spare: Optional[Route] = None):',
      '        self.other = other',
      '        self.made = Route()',
      '        self.mixed = Route()',
      '        self.mixed = Other()',
      '',
      '    def param(self, route: "Route"):',
      '        route.match()',
      '',
      '    def made(self):',
      '        self.made.match()',
      '',
      '    def assigned(self):',
      '        self.other.match()',
      '',
      '    def annotated(self):',
      '        self.first.match()',
      '',
      '    def mixed(self):',
      '        self.mixed.match()',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.match'), ['Router.annotated', 'Router.made', 'Router.param']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.assigned']);
});

test('typescript: calls on typed (also #private) fields, parameter properties and fields a constructor assigns new T() or a typed parameter bind to that class\'s method', async () => {
  const dump = await indexed({
    'src/shapes.ts': 'export class Route {\n  match(): boolean { return true; }\n}\nexport class Other {\n  match(): boolean { return false; }\n}\n',
    'src/router.ts': [
      "import { Other, Route } from './shapes';",
      'export class Router {',
      '  private declared: Route;',
      '  private made = new Other();',
      '  private assigned;',
      '  #hidden: Route;',
      '  constructor(private readonly property: Route, hidden: Route, other: Other) {',
      '    this.assigned = new Other();',
      '    this.#hidden = hidden;',
      '    this.fromParameter = other;',
      '  }',
      '  useDeclared() { this.declared.match(); }',
      '  useHidden() { this.#hidden.match(); }',
      '  useFromParameter() { this.fromParameter.match(); }',
      '  useMade() { this.made.match(); }',
      '  useAssigned() { this.assigned.match(); }',
      '  useProperty() { this.property.match(); }',
      '}',
      '',
    ].join('\n'),
  });
  assert.deepEqual(callersIn(dump, 'Route.match'), ['Router.useDeclared', 'Router.useHidden', 'Router.useProperty']);
  assert.deepEqual(callersIn(dump, 'Other.match'), ['Router.useAssigned', 'Router.useFromParameter', 'Router.useMade']);
});
