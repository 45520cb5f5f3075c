/** Replaces deep. */
export function replaceEqualDeep<T>(a: unknown, b: T): T
export function replaceEqualDeep(a: any, b: any): any {
  return helper(a, b)
}
function helper(a: any, b: any) { return a ?? b }
export function replaceData(p: any, d: any) { return replaceEqualDeep(p, d) }
declare function external(x: string): void;
function pick(a: string): string;
function pick(a: number): number;
// the implementation
function pick(a: any): any { return a }
export class Store {
  get(key: string): string;
  get(key: number): number;
  get(key: any): any { return pick(key) }
}
interface Api { get(key: string): string; get(key: number): number }
