@Component({a: 1})
export class A {
  @Input() name: string;
  @HostListener('x') onX() {}
  handler = () => { foo(); };
  static create(): A { return new A(); }
}
export default function () {}
export { x as default, y };
export * as ns from './ns';
export = Foo;
import './side';
import type { T } from './t';
const { a, b: c } = require('./r');
const X = await import('./dyn');
declare module 'foo' { function g(): void; }
let p = fetch(u).then(r => r.json()).then(d => d.x);
class C extends mixin(A, B) {}
class D extends ns.Base {}
const el = <Foo.Bar x={1}><Baz /></Foo.Bar>;
function g<T>(x: T, y: Map<string, Foo.Bar>): Array<T> {}
export const MAX_SIZE = 10, other = 2;
export enum E { A = 1, B }
/** A card. */
export function UserCard({ user }: Props) {
  const onClick = () => track(user.id);
  return <Card title={user.name} onClick={onClick} />;
}
export const Badge = () => <span className="badge" />;
export class Store { private items = new Map<string, Item>(); #secret = 1; }
