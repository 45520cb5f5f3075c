import React, { useState as us, type X } from 'react';
import * as ns from './ns';
export { a, b as c } from './re';
export * from './all';
export default class Foo<T> extends Bar<T> implements Baz, Qux {
  private x: number = 1;
  constructor(private y: string) { super(); }
  /** doc */
  async method(a: Opt): Promise<void> { this.helper(); a.b.c(); new Thing(1); }
  get prop() { return 1 }
}
export const arrow = async (x: number): number => x * 2;
function plain(): void {}
interface I extends J { m(): void; p: string }
type Alias = string | number;
enum Color { Red, Green }
namespace NS { export function inner() {} }
const fs = require('fs');
export function f() {}
module.exports = {};
abstract class Abs { abstract m(): void; }
