'use strict';
var Layer = require('./layer');
var { flatten } = require('array-flatten');

/** The router's prototype. */
var proto = module.exports = function (options) {
  function router(req, res, next) { router.handle(req, res, next); }
  return router;
};

/** Dispatches a request. */
proto.handle = function handle(req, res, out) {
  var self = this;
  function next() { self.process_params(req); }
  this.route('/');
  return getProtohost(req.url);
};

proto.route = function route(path) {
  return new Layer(path);
};

exports.parse = function (str) { return flatten(str); };
module.exports.format = (value) => String(value);
exports.Store = class { save() {} };
exports.helper = helper;

function helper() {}

function getProtohost(url) {
  var handle;
  handle = function (x) { return x; };
  return handle(url);
}
