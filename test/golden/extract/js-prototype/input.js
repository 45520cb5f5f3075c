function Route(path) {
  this.path = path;
  this.stack = [];
}

// Runs the route's handlers.
Route.prototype.dispatch = function dispatch(req, res, done) {
  this._handles_method(req.method);
};

Route.prototype._handles_method = function _handles_method(method) {
  return Boolean(this.methods[method]);
};

function Emitter() {
  this.emit = function (name) { return this.listeners(name); };
}

View.prototype = {
  lookup(name) { return this.resolve(name); },
  resolve: function (dir) { return dir; },
  ext: '.html',
};

Object.defineProperty(Route.prototype, 'size', {
  get: function () { return this.stack.length; },
});

defineGetter(Route.prototype, 'xhr', function xhr() { return true; });

module.exports = Route;
