(function (root, factory) {
  if (typeof define === 'function' && define.amd) define([], factory);
  else if (typeof module === 'object') module.exports = factory();
  else root.lib = factory();
}(this, function () {
  function Lib() {}
  Lib.prototype.run = function () { return helper(); };
  function helper() { return 1; }
  return Lib;
}));

!function () {
  var api = {
    start: function start() { return 1; },
    stop() { return 0; },
  };
  window.api = api;
}();

module.exports = {
  create: function () { return {}; },
  destroy(thing) { return thing; },
  version: '1.0',
};
