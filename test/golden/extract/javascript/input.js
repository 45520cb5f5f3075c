'use strict';
const path = require('path');
const { readFile, writeFile: wf } = require('fs/promises');
require('./side-effect');

// Adds two numbers.
function add(a, b) {
  return a + b;
}

class Counter extends EventEmitter {
  constructor() { super(); this.count = 0; }
  increment() { this.count++; this.emit('change', add(this.count, 0)); }
  static from(n) { return new Counter(n); }
}

const double = function (x) { return x * 2; };
exports.helper = function helper() { return path.join('a', 'b'); };
module.exports = Counter;
async function load() { const m = await import('./lazy.js'); return m.default(); }
